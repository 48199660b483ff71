import { LOREBOOK_LIMITS } from '@lumi/contract';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Counter } from './form-controls';

interface KeysFieldProps {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

/** Splits typed or pasted text into keywords at commas and line breaks. */
const split = (text: string) =>
  text
    .split(/[,，、\n]/)
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * A lorebook entry's keywords as chips: Enter, a comma (also the CJK ones) or leaving the field
 * adds what was typed; Backspace in the empty field takes the last chip back to edit it.
 */
export function KeysField({ id, label, hint, placeholder, value, onChange, error }: KeysFieldProps) {
  const { t } = useTranslation('create');
  const [draft, setDraft] = useState('');
  const max = LOREBOOK_LIMITS.keys;
  const full = value.length >= max;
  const add = (text: string) => {
    const seen = new Set(value);
    const next = [...value];
    for (const key of split(text).map((k) => k.slice(0, LOREBOOK_LIMITS.keyLength))) {
      if (next.length >= max || seen.has(key)) continue;
      seen.add(key);
      next.push(key);
    }
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <Counter value={value.length} max={max} />
      </div>
      <p id={`${id}-hint`} className="text-muted mt-1 text-xs leading-relaxed">
        {hint}
      </p>
      <div
        className={cn(
          'border-line bg-surface-2 focus-within:border-pink/60 mt-2 flex min-h-11 flex-wrap items-center gap-1.5 rounded-xl border px-2 py-1.5 transition-colors duration-150',
          error && 'border-danger/80',
        )}
      >
        {value.length > 0 && (
          <ul className="contents" aria-label={label}>
            {value.map((key, i) => (
              <li
                key={`${key}-${i}`}
                className="bg-surface-3 text-fg inline-flex h-7 max-w-full items-center gap-0.5 rounded-full ps-2.5 pe-0.5 text-xs font-semibold"
              >
                <bdi className="truncate">{key}</bdi>
                <button
                  type="button"
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                  className="text-muted hover:text-fg hover:bg-surface-2 grid h-6 w-6 shrink-0 place-items-center rounded-full"
                  aria-label={t('lorebook.fields.keys.remove', { key })}
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          type="text"
          value={draft}
          dir="auto"
          autoComplete="off"
          enterKeyHint="done"
          disabled={full}
          placeholder={full ? '' : placeholder}
          aria-describedby={[`${id}-hint`, error && errorId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          maxLength={LOREBOOK_LIMITS.keyLength * 4}
          onChange={(e) => {
            const text = e.target.value;
            if (/[,，、\n]/.test(text)) add(text);
            else setDraft(text);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!e.nativeEvent.isComposing) add(draft);
            } else if (e.key === 'Backspace' && draft === '' && value.length > 0) {
              e.preventDefault();
              setDraft(value.at(-1) ?? '');
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => add(draft)}
          className="text-fg placeholder:text-faint h-8 min-w-32 flex-1 bg-transparent px-1.5 text-base focus:outline-none sm:text-sm"
        />
      </div>
      {error && (
        <p id={errorId} className="text-danger mt-1.5 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
