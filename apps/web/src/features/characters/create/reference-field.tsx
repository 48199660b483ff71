import { ImagePlus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MB, ErrorText, fieldId, useErrorText } from './form-controls';
import { AVATAR_TYPES } from './form-model';
import type { ReferencePicture } from './use-reference-picture';

/**
 * The look's optional reference picture (issue 22): sent with the look to image engines that
 * take one (ComfyUI, AUTOMATIC1111); the others draw from the description alone, as the hint says.
 */
export function ReferenceField({ picture }: { picture: ReferencePicture }) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const id = fieldId('reference');
  const error = picture.problem ? errorText(picture.problem) : undefined;
  return (
    <div data-field="reference" className="flex items-start gap-4">
      <label className="group bg-surface-2 border-line hover:border-pink/60 has-focus-visible:outline-2 has-focus-visible:outline-violet-300 relative grid aspect-square w-20 shrink-0 cursor-pointer place-items-center overflow-hidden rounded-2xl border-2 border-dashed">
        <input
          id={id}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            picture.pick(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="reference-input"
        />
        {picture.url ? (
          <img src={picture.url} alt="" width={80} height={80} className="h-full w-full object-cover" />
        ) : (
          <ImagePlus className="text-muted group-hover:text-fg h-6 w-6" aria-hidden />
        )}
        <span className="sr-only">{t('look.reference.choose')}</span>
      </label>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold" aria-hidden>
          {t('look.reference.label')} <span className="text-faint font-normal">{t('optional')}</span>
        </p>
        <p id={`${id}-hint`} className="text-muted mt-1 text-xs leading-relaxed">
          {t('look.reference.hint', { mb: AVATAR_MB })}
        </p>
        {picture.url && (
          <button
            type="button"
            onClick={picture.remove}
            className="text-muted hover:text-fg mt-1.5 inline-flex min-h-9 items-center gap-1.5 text-xs font-semibold"
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden />
            {t('look.reference.remove')}
          </button>
        )}
        <ErrorText field="reference" message={error} />
      </div>
    </div>
  );
}
