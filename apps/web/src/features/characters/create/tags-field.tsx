import { CHARACTER_LIMITS, CHIPS, parseTags } from '@lumi/contract';
import { Check, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Counter, ErrorText, describedBy, fieldId } from './form-controls';
import { Input } from '@/components/ui/input';

/** The tag chips of the home page, offered as suggestions. */
const SUGGESTIONS = CHIPS.flatMap((chip) => (chip.filter.kind === 'tag' ? [chip.filter.tag] : []));

interface TagsFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** Comma-separated tags with the suggestion chips; up to CHARACTER_LIMITS.tags. */
export function TagsField({ value, error, onChange }: TagsFieldProps) {
  const { t } = useTranslation('create');
  const tags = parseTags(value);
  const chosen = new Set(tags.map((tag) => tag.toLowerCase()));
  const full = tags.length >= CHARACTER_LIMITS.tags;
  const toggle = (tag: string) => {
    const next = chosen.has(tag.toLowerCase())
      ? tags.filter((t) => t.toLowerCase() !== tag.toLowerCase())
      : [...tags, tag];
    onChange(next.join(', '));
  };
  const id = fieldId('tags');
  return (
    <div data-field="tags">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold">
          {t('fields.tags.label')}
          <span className="text-faint ms-2 text-xs font-normal">{t('optional')}</span>
        </label>
        <Counter value={tags.length} max={CHARACTER_LIMITS.tags} />
      </div>
      <p id={`${id}-hint`} className="text-muted mt-1 text-xs leading-relaxed">
        {t('fields.tags.hint', { max: CHARACTER_LIMITS.tags })}
      </p>
      <Input
        id={id}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('fields.tags.placeholder')}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy('tags', true, Boolean(error))}
        className="mt-2"
      />
      <ErrorText field="tags" message={error} />
      <p className="text-faint mt-3 text-xs font-semibold" id={`${id}-suggestions`}>
        {t('fields.tags.suggestions')}
      </p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-labelledby={`${id}-suggestions`}>
        {SUGGESTIONS.map((tag) => {
          const on = chosen.has(tag.toLowerCase());
          return (
            <li key={tag}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => toggle(tag)}
                className={cn(
                  'inline-flex h-8 items-center gap-1 rounded-full border px-3 text-xs font-semibold transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-40',
                  on
                    ? 'bg-accent border-transparent text-white'
                    : 'border-line bg-surface-2 text-muted hover:text-fg hover:bg-surface-3',
                )}
              >
                {on ? (
                  <Check className="h-3.5 w-3.5" aria-hidden />
                ) : (
                  <Plus className="h-3.5 w-3.5" aria-hidden />
                )}
                <bdi>{tag}</bdi>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
