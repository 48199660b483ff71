import { IMAGE_LIMITS } from '@lumi/contract';
import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../lib/intl';
import { Fold } from '@/components/ui/fold';
import { Label, Textarea } from '@/components/ui/input';

function Counter({ value, max, id }: { value: number; max: number; id: string }) {
  const { t, i18n } = useTranslation('images');
  const format = new Intl.NumberFormat(intlLocale(i18n.language));
  return (
    <span id={id} className="tabular text-faint shrink-0 text-xs" dir="ltr">
      <span aria-hidden>
        {format.format(value)}/{format.format(max)}
      </span>
      <span className="sr-only">{t('prompt.counter', { count: value, max })}</span>
    </span>
  );
}

interface PromptFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field: why Generate waits. */
  describedBy?: string;
  required?: boolean;
}

/** The prompt: a textarea with a character counter. */
export function PromptField({
  label,
  placeholder,
  value,
  onChange,
  describedBy,
  required,
}: PromptFieldProps) {
  const id = useId();
  const counterId = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {required && (
            <span className="text-pink ms-0.5" aria-hidden>
              *
            </span>
          )}
        </Label>
        <Counter value={[...value].length} max={IMAGE_LIMITS.prompt} id={counterId} />
      </div>
      <PromptText
        id={id}
        value={value}
        onChange={onChange}
        max={IMAGE_LIMITS.prompt}
        rows={4}
        placeholder={placeholder}
        required={required}
        aria-describedby={[counterId, describedBy].filter(Boolean).join(' ')}
        className="mt-2 min-h-24 leading-relaxed"
        data-testid="prompt"
      />
    </div>
  );
}

/** "Advanced options": the negative prompt, folded away. */
export function AdvancedOptions({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('images');
  const id = useId();
  const hintId = useId();
  // Open at first when there is something in it; then the user's to fold.
  const [open] = useState(value !== '');
  return (
    <Fold title={t('advanced.title')} open={open}>
      <div className="px-3.5 pb-3.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-medium">
            {t('advanced.negative')}
          </label>
          <Counter value={[...value].length} max={IMAGE_LIMITS.negativePrompt} id={`${id}-count`} />
        </div>
        <p id={hintId} className="text-muted mt-0.5 text-xs">
          {t('advanced.negativeHint')}
        </p>
        <PromptText
          id={id}
          value={value}
          onChange={onChange}
          max={IMAGE_LIMITS.negativePrompt}
          rows={2}
          placeholder={t('advanced.negativePlaceholder')}
          aria-describedby={hintId}
          className="mt-2"
        />
      </div>
    </Fold>
  );
}

/** A prompt's text: typed in either direction, held to its limit. */
function PromptText({
  value,
  onChange,
  max,
  ...props
}: Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'maxLength' | 'dir'> & {
  value: string;
  onChange: (value: string) => void;
  max: number;
}) {
  return (
    <Textarea
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={max}
      dir="auto"
      {...props}
    />
  );
}
