import { CHARACTER_LIMITS } from '@lumi/contract';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { intlLocale } from '@/lib/intl';
import type { FieldError, FieldName } from './form-model';

/** The DOM id of a field's control: errors focus it. */
export const fieldId = (field: FieldName | 'reference') => `cc-${field}`;

export const AVATAR_MB = Math.round(CHARACTER_LIMITS.avatarBytes / 1024 / 1024);
export const CARD_MB = Math.round(CHARACTER_LIMITS.cardBytes / 1024 / 1024);

/** A field's error text, translated. */
export function useErrorText() {
  const { t } = useTranslation('create');
  return (error: FieldError | undefined) =>
    error
      ? t(`errors.${error.key}`, {
          max: error.max ?? 0,
          mb: AVATAR_MB,
        })
      : undefined;
}

/** ids for aria-describedby: the hint and the error, when shown. */
export function describedBy(field: FieldName, hint: boolean, error: boolean): string | undefined {
  const ids = [hint && `${fieldId(field)}-hint`, error && `${fieldId(field)}-error`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function RequiredMark() {
  const { t } = useTranslation('create');
  return (
    <>
      <span className="text-pink ms-0.5" aria-hidden>
        *
      </span>
      <span className="sr-only"> ({t('required')})</span>
    </>
  );
}

export function Counter({ value, max }: { value: number; max: number }) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(intlLocale(i18n.language));
  const over = value > max;
  return (
    <span
      className={cn('tabular shrink-0 text-xs', over ? 'text-danger font-semibold' : 'text-faint')}
      dir="ltr"
      aria-hidden
    >
      {format.format(value)}/{format.format(max)}
    </span>
  );
}

export function ErrorText({
  field,
  message,
}: {
  /** A form field, or the reference picture (a file kept apart, use-reference-picture.ts). */
  field: FieldName | 'reference';
  message: string | undefined;
}) {
  if (!message) return null;
  return (
    <p id={`${fieldId(field)}-error`} className="text-danger mt-1.5 flex items-start gap-1.5 text-sm">
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}

interface FieldProps {
  field: FieldName;
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  count?: { value: number; max: number } | undefined;
  children: ReactNode;
}

/** Label (starred when required), optional hint, the control, and its error underneath. */
export function Field({ field, label, required, optional, hint, error, count, children }: FieldProps) {
  const { t } = useTranslation('create');
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={fieldId(field)} className="text-sm font-semibold">
          {label}
          {required && <RequiredMark />}
          {optional && <span className="text-faint ms-2 text-xs font-normal">{t('optional')}</span>}
        </label>
        {count && <Counter value={count.value} max={count.max} />}
      </div>
      {hint && (
        <p id={`${fieldId(field)}-hint`} className="text-muted mt-1 text-xs leading-relaxed">
          {hint}
        </p>
      )}
      <div className="mt-2">{children}</div>
      <ErrorText field={field} message={error} />
    </div>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
}

/**
 * The tiles of a choice that explains each option, in the order of `icons`: the option's text is
 * `fields.<field>.<value>`, its hint `fields.<field>.<value>Hint`.
 */
export function useExplainedChoices<T extends string>(
  field: FieldName,
  icons: Record<T, ReactNode>,
): Choice<T>[] {
  const { t } = useTranslation('create');
  return (Object.keys(icons) as T[]).map((value) => ({
    value,
    label: t(`fields.${field}.${value}`),
    hint: t(`fields.${field}.${value}Hint`),
    icon: icons[value],
  }));
}

interface ChoiceGroupProps<T extends string> {
  field: FieldName;
  legend: ReactNode;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  columns?: string;
  hint?: ReactNode;
}

/** Radio buttons drawn as selectable tiles (keyboard: arrows move between them). */
export function ChoiceGroup<T extends string>({
  field,
  legend,
  value,
  choices,
  onChange,
  columns = 'grid-cols-2',
  hint,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      {hint && <p className="text-muted mt-1 text-xs leading-relaxed">{hint}</p>}
      <div className={cn('mt-2 grid gap-2', columns)}>
        {choices.map((choice, i) => (
          <label
            key={choice.value}
            className="border-line bg-surface-2 hover:bg-surface-3 has-checked:border-pink/70 has-checked:bg-pink/10 has-focus-visible:outline-2 has-focus-visible:outline-violet-300 relative flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2 transition-colors duration-150"
          >
            <input
              type="radio"
              id={i === 0 ? fieldId(field) : undefined}
              name={fieldId(field)}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.icon}
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{choice.label}</span>
              {choice.hint && (
                <span className="text-muted mt-0.5 block text-xs leading-snug">{choice.hint}</span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface SwitchProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string | undefined;
  /** Its accessible name, when no label names it. */
  label?: string | undefined;
}

export function Switch({ id, checked, onChange, describedBy: described, label }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      aria-describedby={described}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors duration-150',
        checked ? 'bg-accent border-transparent' : 'border-line bg-surface-3',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'absolute start-0.5 h-5.5 w-5.5 rounded-full bg-white shadow transition-transform duration-150',
          checked && 'translate-x-5 rtl:-translate-x-5',
        )}
      />
    </button>
  );
}
