import { useState, type ComponentProps } from 'react';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';

type NumberInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number | null;
  /** A whole number as typed, or null when the field is emptied (only with `nullable`). */
  onChange: (value: number | null) => void;
  nullable?: boolean;
};

/**
 * A whole-number field that lets the text be half typed ("-", "") while the form keeps the last
 * number; leaving it shows the number again. Out-of-range numbers are kept, for the step to name.
 */
export function NumberInput({ value, onChange, nullable = false, onBlur, ...props }: NumberInputProps) {
  const shown = value === null ? '' : String(value);
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      {...props}
      // A number reads left to right, and stands at the start of the field in either direction.
      className={cn('rtl:text-right', props.className)}
      type="text"
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
      value={draft ?? shown}
      onChange={(e) => {
        const text = e.target.value.replace(/[^\d-]/g, '');
        setDraft(text);
        if (text === '') {
          if (nullable) onChange(null);
          return;
        }
        if (/^-?\d+$/.test(text)) onChange(Number.parseInt(text, 10));
      }}
      onBlur={(e) => {
        setDraft(null);
        onBlur?.(e);
      }}
    />
  );
}
