import { CHARACTER_LIMITS } from '@lumi/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { Counter, ErrorText, fieldId } from './form-controls';
import { Textarea } from '@/components/ui/input';

interface GreetingsFieldProps {
  value: string[];
  error: string | undefined;
  onChange: (value: string[]) => void;
}

/** Optional alternate greetings: the chat can open with any of them. */
export function GreetingsField({ value, error, onChange }: GreetingsFieldProps) {
  const { t } = useTranslation('create');
  const max = CHARACTER_LIMITS.alternateGreetings;
  const id = fieldId('alternateGreetings');
  return (
    <fieldset data-field="alternateGreetings" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-semibold">
        {t('fields.alternateGreetings.label')}
        <span className="text-faint ms-2 text-xs font-normal">{t('optional')}</span>
      </legend>
      <p id={`${id}-hint`} className="text-muted mt-1 text-xs leading-relaxed">
        {t('fields.alternateGreetings.hint', { max })}
      </p>
      {value.length > 0 && (
        <ol className="mt-2 space-y-3">
          {value.map((greeting, i) => {
            const itemId = i === 0 ? id : `${id}-${i}`;
            return (
              <li key={i}>
                <div className="flex items-center justify-between gap-2">
                  <label htmlFor={itemId} className="text-muted text-xs font-semibold">
                    {t('fields.alternateGreetings.item', { number: i + 1 })}
                  </label>
                  <div className="flex items-center gap-2">
                    <Counter value={greeting.length} max={CHARACTER_LIMITS.firstMessage} />
                    <button
                      type="button"
                      onClick={() => onChange(value.filter((_, j) => j !== i))}
                      className="text-muted hover:text-danger hover:bg-surface-3 grid h-8 w-8 place-items-center rounded-full transition-colors duration-150"
                      aria-label={t('fields.alternateGreetings.remove', { number: i + 1 })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                  </div>
                </div>
                <Textarea
                  id={itemId}
                  value={greeting}
                  rows={3}
                  maxLength={CHARACTER_LIMITS.firstMessage}
                  onChange={(e) => onChange(value.map((g, j) => (j === i ? e.target.value : g)))}
                  placeholder={t('fields.alternateGreetings.placeholder')}
                  className="mt-1"
                />
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        onClick={() => onChange([...value, ''])}
        disabled={value.length >= max}
        className={buttonClass('secondary', 'sm', 'mt-3')}
      >
        <Plus className="h-4 w-4" aria-hidden />
        {t('fields.alternateGreetings.add')}
        <span className="text-faint tabular" dir="ltr">
          {value.length}/{max}
        </span>
      </button>
      <ErrorText field="alternateGreetings" message={error} />
    </fieldset>
  );
}
