import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The look of every text field: one line or several, marked when `aria-invalid`. */
export const fieldClass =
  'block w-full rounded-xl border border-line bg-surface-2 px-3.5 py-2.5 text-base text-fg placeholder:text-faint transition-colors duration-150 hover:border-surface-3 focus:border-pink/60 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-violet-300/60 aria-invalid:border-danger/80 sm:text-sm';

/** A one-line text field; `className` adds to the shared look. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClass, className)} {...props} />;
}

/** A text field of several lines, which the user may make taller. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'resize-y', className)} {...props} />;
}

/** The name of a form field, over it: pass the field's id as `htmlFor`; `className` adds to the look. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-semibold', className)} {...props} />;
}
