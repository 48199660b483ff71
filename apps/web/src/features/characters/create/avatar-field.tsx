import { ImagePlus, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { AVATAR_MB, ErrorText, RequiredMark, describedBy, fieldId } from './form-controls';
import { AVATAR_TYPES } from './form-model';

interface AvatarFieldProps {
  url: string | null;
  fromCard: boolean;
  error: string | undefined;
  onPick: (file: File | undefined) => void;
  /** Shown beside the avatar on wider screens and under it on phones (the name field). */
  children?: ReactNode;
}

/** The 3:4 avatar (spec: 700x900 recommended): a tile with the preview inside. */
export function AvatarField({ url, fromCard, error, onPick, children }: AvatarFieldProps) {
  const { t } = useTranslation('create');
  const id = fieldId('avatar');
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-5 sm:grid-cols-[9rem_minmax(0,1fr)]">
      <label
        data-field="avatar"
        className={cn(
          'group bg-surface-2 hover:border-pink/60 has-focus-visible:outline-2 has-focus-visible:outline-violet-300 relative block aspect-[3/4] cursor-pointer overflow-hidden rounded-2xl border-2 border-dashed transition-colors duration-150 sm:row-span-2',
          error ? 'border-danger/80' : url ? 'border-transparent' : 'border-line',
        )}
      >
        <input
          id={id}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          aria-label={t('fields.avatar.label')}
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={describedBy('avatar', true, Boolean(error))}
          onChange={(e) => {
            onPick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {url ? (
          <>
            <img src={url} alt="" width={700} height={900} className="h-full w-full object-cover" />
            <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1.5 bg-gradient-to-t from-black/80 to-transparent px-2 pt-6 pb-2 text-xs font-semibold text-white">
              <RefreshCw className="h-3.5 w-3.5" aria-hidden />
              {t('fields.avatar.change')}
            </span>
          </>
        ) : (
          <span className="text-muted group-hover:text-fg flex h-full flex-col items-center justify-center gap-2 p-2 text-center text-xs font-semibold transition-colors duration-150">
            <span className="bg-accent shadow-pink/20 grid h-10 w-10 place-items-center rounded-full text-white shadow-lg">
              <ImagePlus className="h-5 w-5" aria-hidden />
            </span>
            {t('fields.avatar.choose')}
          </span>
        )}
      </label>
      <div className="min-w-0 sm:pt-1">
        <p className="text-sm font-semibold" aria-hidden>
          {t('fields.avatar.label')}
          <RequiredMark />
        </p>
        <p id={`${id}-hint`} className="text-muted mt-1 text-xs leading-relaxed">
          {t('fields.avatar.hint', { mb: AVATAR_MB, width: 700, height: 900 })}
        </p>
        {fromCard && <p className="text-success mt-2 text-xs">{t('fields.avatar.fromCard')}</p>}
        <ErrorText field="avatar" message={error} />
      </div>
      {children && <div className="col-span-2 min-w-0 sm:col-span-1 sm:self-end">{children}</div>}
    </div>
  );
}
