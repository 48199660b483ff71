import { cn } from './cn';

/** A problem told in a line of red text under what it is about, announced at once; nothing without one. */
export function AlertText({
  message,
  id,
  className,
  testId,
}: {
  message: string | null | undefined;
  id?: string;
  className?: string;
  testId?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('text-danger text-sm', className)} data-testid={testId}>
      {message}
    </p>
  );
}
