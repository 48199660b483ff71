import { parseTags } from '@lumi/contract';
import { Lock, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from './form-model';

interface CharacterPreviewProps {
  values: FormValues;
  avatarUrl: string | null;
}

/** How the character's card will look in the lists: 3:4 image, name and tags on a gradient. */
export function CharacterPreview({ values, avatarUrl }: CharacterPreviewProps) {
  const { t } = useTranslation('create');
  const tags = parseTags(values.tags).slice(0, 3);
  return (
    <figure>
      <figcaption className="text-muted mb-3 text-xs font-semibold tracking-wide uppercase">
        {t('preview.title')}
      </figcaption>
      <div className="border-line bg-surface-2 relative aspect-[3/4] overflow-hidden rounded-2xl border shadow-xl shadow-black/40">
        {avatarUrl ? (
          <img src={avatarUrl} alt="" width={700} height={900} className="h-full w-full object-cover" />
        ) : (
          <div className="text-faint grid h-full w-full place-items-center">
            <UserRound className="h-16 w-16" strokeWidth={1.5} aria-hidden />
          </div>
        )}
        <div className="absolute inset-x-0 top-0 flex justify-end gap-1.5 p-2.5">
          {values.visibility === 'private' && (
            <span className="grid h-6 w-6 place-items-center rounded-full bg-black/60 text-white backdrop-blur">
              <Lock className="h-3.5 w-3.5" aria-label={t('fields.visibility.private')} />
            </span>
          )}
          {values.nsfw && (
            <span className="bg-pink rounded-md px-1.5 py-0.5 text-[0.6875rem] font-bold text-white">
              {t('adultBadge')}
            </span>
          )}
        </div>
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-3 pt-12 pb-3">
          <p className="truncate text-base font-bold text-white" dir="auto">
            {values.name.trim() || t('preview.namePlaceholder')}
          </p>
          {tags.length > 0 && (
            <ul className="mt-1.5 flex flex-wrap gap-1">
              {tags.map((tag) => (
                <li key={tag} className="rounded-full bg-white/15 px-2 py-0.5 text-[0.6875rem] text-white/90">
                  <bdi>{tag}</bdi>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {values.desc.trim() && (
        <p className="text-muted mt-3 line-clamp-4 text-sm leading-relaxed" dir="auto">
          {values.desc}
        </p>
      )}
    </figure>
  );
}
