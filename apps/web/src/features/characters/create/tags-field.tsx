import { CHARACTER_LIMITS, parseTags } from '@lumi/contract';
import { Check, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Counter, ErrorText, describedBy, fieldId } from './form-controls';
import { Input } from '@/components/ui/input';
import { CHIP_TAGS, useChipTag, useTagLabel } from '../hooks/use-tag-label';

interface TagsFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * Comma-separated tags with the suggestion chips (the home page's tag chips, under the names the
 * chip row gives them in the page's language); up to CHARACTER_LIMITS.tags. A picked suggestion
 * is written in the page's language; it is sent as the chip's tag (useCharacterForm).
 */
export function TagsField({ value, error, onChange }: TagsFieldProps) {
  const { t } = useTranslation('create');
  const tagLabel = useTagLabel();
  const chipTag = useChipTag();
  const tags = parseTags(value);
  const chosen = new Set(tags.map((tag) => chipTag(tag)));
  const full = tags.length >= CHARACTER_LIMITS.tags;
  const toggle = (tag: string) => {
    const next = chosen.has(tag) ? tags.filter((typed) => chipTag(typed) !== tag) : [...tags, tagLabel(tag)];
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
        {CHIP_TAGS.map((tag) => {
          const on = chosen.has(tag);
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
                <bdi>{tagLabel(tag)}</bdi>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
