import { FileUp, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '@/components/ui/alert-text';
import { buttonClass } from '@/components/ui/button';
import type { CardProblem } from './card-import';
import { CARD_MB } from './form-controls';
import { isolate } from '@/lib/bidi';

interface CardFieldProps {
  card: { name: string; file: File } | null;
  problem: CardProblem | null;
  onPick: (file: File | undefined) => Promise<void>;
  onRemove: () => void;
}

/** Optional SillyTavern / TavernAI card: read in the browser to fill the empty fields. */
export function CardField({ card, problem, onPick, onRemove }: CardFieldProps) {
  const { t } = useTranslation('create');
  const [reading, setReading] = useState(false);
  const id = 'cc-card';
  return (
    <div className="border-line bg-surface-2/60 rounded-2xl border border-dashed p-3.5 sm:p-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <p className="text-sm font-semibold">
            {t('fields.card.label')}
            <span className="text-faint ms-2 text-xs font-normal">{t('optional')}</span>
          </p>
          <p id={`${id}-hint`} className="text-muted mt-0.5 text-xs leading-relaxed">
            {t('fields.card.hint')}
          </p>
        </div>
        <label
          className={buttonClass(
            'secondary',
            'sm',
            'has-focus-visible:outline-2 has-focus-visible:outline-violet-300 cursor-pointer',
          )}
        >
          <input
            id={id}
            type="file"
            accept=".png,.json,.charx,image/png,application/json"
            className="sr-only"
            aria-describedby={`${id}-hint`}
            disabled={reading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              setReading(true);
              void onPick(file).finally(() => setReading(false));
            }}
          />
          <FileUp className="h-4 w-4" aria-hidden />
          {card ? t('fields.card.replace') : t('fields.card.choose')}
        </label>
      </div>
      {card && (
        <div className="bg-success/10 text-success mt-3 flex items-center gap-2 rounded-xl px-3 py-2 text-xs">
          <span className="min-w-0 flex-1">
            {t('fields.card.loaded', { name: isolate(card.name || card.file.name) })}
          </span>
          <button
            type="button"
            onClick={onRemove}
            className="text-muted hover:text-fg hover:bg-surface-3 grid h-7 w-7 shrink-0 place-items-center rounded-full"
            aria-label={t('fields.card.remove')}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
      <AlertText message={problem && t(`errors.${problem}`, { mb: CARD_MB })} className="mt-2" />
    </div>
  );
}
