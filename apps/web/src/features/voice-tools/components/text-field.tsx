import { SPEECH_LIMITS } from '@lumi/contract';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Label } from '@/components/ui/input';
import { intlLocale } from '../lib/format';

/** A labelled text box with a character counter (the server's limit) and a line under it. */
export function TextField({
  label,
  value,
  onChange,
  placeholder,
  aside,
  disabled,
  rows = 7,
  testId,
  ref,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Under the box, beside the counter: the rate, a hint. */
  aside?: ReactNode;
  disabled?: boolean;
  rows?: number;
  testId?: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const { t, i18n } = useTranslation('voice');
  const id = useId();
  const max = SPEECH_LIMITS.text;
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const near = value.length >= max * 0.9;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        ref={ref}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={max}
        rows={rows}
        disabled={disabled}
        // Typed text sets its own direction; the empty box (and its placeholder) follows the page.
        dir={value ? 'auto' : undefined}
        aria-describedby={`${id}-counter`}
        className="border-line bg-bg/60 placeholder:text-faint focus-visible:border-violet/70 min-h-36 w-full resize-y rounded-2xl border px-4 py-3 text-base leading-relaxed disabled:opacity-60"
        data-testid={testId}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
        <span className="text-muted">{aside}</span>
        <span
          id={`${id}-counter`}
          className={cn('tabular', near ? 'text-pink' : 'text-muted')}
          aria-live="off"
        >
          {t('text.counter', { used: number.format(value.length), max: number.format(max) })}
        </span>
      </div>
    </div>
  );
}
