import { Loader2, Search, X } from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** Large screens get the caret at once; phones would open the keyboard over the suggestions. */
const DESKTOP = '(min-width: 768px)';

interface SearchBoxProps {
  value: string;
  busy: boolean;
  onChange: (value: string) => void;
  /** Enter: search now. */
  onSubmit: () => void;
  onClear: () => void;
}

/** The search field of spec §2: placeholder, a clear button when not empty, autofocus on desktop. */
export function SearchBox({ value, busy, onChange, onSubmit, onClear }: SearchBoxProps) {
  const { t } = useTranslation('search');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (window.matchMedia(DESKTOP).matches) input.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
    // Phones: hide the keyboard so the results can be seen.
    if (!window.matchMedia(DESKTOP).matches) input.current?.blur();
  };

  const Icon = busy ? Loader2 : Search;
  return (
    <form role="search" onSubmit={submit} className="relative">
      <Icon
        className={cn(
          'text-faint pointer-events-none absolute start-4 top-1/2 h-5 w-5 -translate-y-1/2',
          busy && 'animate-spin',
        )}
        aria-hidden
      />
      <input
        ref={input}
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={100}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('placeholder')}
        aria-label={t('placeholder')}
        className="border-line bg-surface-2 placeholder:text-faint focus:border-violet focus:bg-surface-3 h-12 w-full rounded-full border ps-12 pe-12 text-base transition-colors duration-150 outline-none [&::-webkit-search-cancel-button]:appearance-none"
      />
      {value !== '' && (
        <button
          type="button"
          onClick={() => {
            onClear();
            input.current?.focus();
          }}
          aria-label={t('clearInput')}
          className="text-muted hover:bg-surface-3 hover:text-fg absolute end-1.5 top-1/2 grid h-9 w-9 -translate-y-1/2 place-items-center rounded-full"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      )}
    </form>
  );
}
