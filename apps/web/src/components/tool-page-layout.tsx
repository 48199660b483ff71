import type { LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode, Ref } from 'react';
import { cn } from './ui/cn';

/** A tool page's frame; `page` names it (`data-page`) for tests and styles. */
function Frame({ page, children }: { page: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:pt-8 lg:pb-10" data-page={page}>
      {children}
    </div>
  );
}

/** The soft pink light behind a page's title; `className` places and sizes it. */
export function HeaderGlow({ className }: { className: string }) {
  return (
    <div
      className={cn(
        'via-violet/10 pointer-events-none absolute -z-10 rounded-full bg-radial to-transparent blur-3xl',
        className,
      )}
      aria-hidden
    />
  );
}

/**
 * A tool page's title with its icon and one line about it. With `aside` (even when it renders
 * nothing) the title sits in a row with it, the aside at the end.
 */
function Header({
  icon: Icon,
  title,
  subtitle,
  aside,
  wide = false,
}: {
  icon: LucideIcon;
  title: string;
  subtitle: string;
  aside?: ReactNode;
  /** The line about the page may run wider. */
  wide?: boolean;
}) {
  const heading = (
    <>
      <h1 className="flex items-center gap-2.5 text-2xl font-extrabold tracking-tight text-balance sm:text-[2rem]">
        <Icon className="text-pink h-7 w-7 shrink-0" aria-hidden />
        {title}
      </h1>
      <p
        className={cn(
          'text-muted mt-2 text-sm leading-relaxed text-pretty sm:text-base',
          wide ? 'max-w-3xl' : 'max-w-2xl',
        )}
      >
        {subtitle}
      </p>
    </>
  );
  const glow = <HeaderGlow className="from-pink/15 -top-10 h-48 w-full max-w-xl" />;
  if (aside === undefined) {
    return (
      <header className="relative mb-6">
        {glow}
        {heading}
      </header>
    );
  }
  return (
    <header className="relative mb-6 flex flex-wrap items-end justify-between gap-4">
      {glow}
      <div className="min-w-0">{heading}</div>
      {aside}
    </header>
  );
}

/** How wide the two columns are on large screens: the form first, then the result. */
const COLUMNS = {
  /** The image tools: a narrow form, the pictures beside it. */
  'narrow-form': 'lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)]',
  /** Face swap: room for two photos side by side in the form. */
  'photo-form': 'lg:grid-cols-[minmax(0,34rem)_minmax(0,1fr)]',
  /** The voice tools: a wide form (voices, steps), the audio in a narrow column. */
  'narrow-result': 'lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]',
} as const;

/** The form and the result, one under the other on phones, side by side on large screens. */
function Columns({ columns, children }: { columns: keyof typeof COLUMNS; children: ReactNode }) {
  return <div className={cn('grid gap-6 lg:items-start', COLUMNS[columns])}>{children}</div>;
}

/**
 * A tool's form, named for assistive tech; the browser's own checks are off (the page tells what
 * is missing). A card unless `card` is false; `className` adds to it.
 */
function Form({
  id,
  onSubmit,
  label,
  card = true,
  className,
  testId,
  children,
}: {
  id: string;
  onSubmit: (event: FormEvent) => void;
  label: string;
  card?: boolean;
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className={cn(card && 'border-line bg-surface grid gap-5 rounded-3xl border p-4 sm:p-5', className)}
      data-testid={testId}
    >
      {children}
    </form>
  );
}

/** Where a tool's result shows, named for assistive tech by a hidden heading. */
function Result({
  ref,
  id,
  title,
  className,
  testId,
  children,
}: {
  ref: Ref<HTMLElement>;
  id: string;
  title: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section ref={ref} aria-labelledby={id} className={className} data-testid={testId}>
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Phones: the page's action stays at the bottom of the screen (large screens have it in the form). */
const phoneBarClass =
  'border-line bg-bg/90 sticky bottom-0 z-20 -mx-4 border-t px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-xl lg:hidden';

/**
 * The pieces every tool page (image tools, face swap, voice generator and cloning) is built of:
 * the frame, the header with its glow, the form and result columns, the form, the result's
 * section and the phones' action bar at the bottom of the screen.
 */
export const ToolLayout = { Frame, Header, Columns, Form, Result, phoneBarClass };
