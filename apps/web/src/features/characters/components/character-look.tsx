import type { CharacterDetail } from '@lumi/contract';
import { Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { useCharacterPictures } from '../api/get-character-pictures';

/**
 * A character's look on its page (issue 22): the appearance pictures are drawn from (or the
 * description's sentences about looks, said so), its reference picture, and the pictures users
 * made in chats and shared here, each opening its share page (where it can be reported).
 */
export function CharacterLook({ character: c }: { character: CharacterDetail }) {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  const pictures = useCharacterPictures(c.id);
  const images = pictures.data?.pages.flatMap((p) => p.images) ?? [];
  return (
    <section className="mt-5" aria-labelledby={`look-${c.id}`} data-testid="character-look">
      {(c.look || c.reference_image) && (
        <>
          <h3 id={`look-${c.id}`} className="text-sm font-semibold">
            {t('look.title')}
          </h3>
          <div className="mt-1.5 flex items-start gap-3">
            {c.reference_image && (
              <img
                src={c.reference_image}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="border-line h-14 w-14 shrink-0 rounded-xl border object-cover"
              />
            )}
            <div className="min-w-0">
              <p dir="auto" className="text-fg/90 text-sm leading-relaxed whitespace-pre-line">
                {c.look}
              </p>
              {!c.appearance && c.look && (
                <p className="text-faint mt-0.5 text-xs">{t('look.fromDescription')}</p>
              )}
            </div>
          </div>
        </>
      )}
      <h3 className="mt-4 text-sm font-semibold" id={`look-gallery-${c.id}`}>
        {t('look.gallery')}
      </h3>
      {pictures.isError ? (
        <p className="text-muted mt-1.5 text-xs">{t('look.failed')}</p>
      ) : images.length === 0 ? (
        pictures.isSuccess && (
          <p
            className="text-muted mt-1.5 flex items-start gap-2 text-xs leading-relaxed"
            data-testid="look-empty"
          >
            <Camera className="text-pink mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('look.galleryEmpty', { name: c.name })}
          </p>
        )
      ) : (
        <ul className="mt-2 grid grid-cols-3 gap-1.5" aria-labelledby={`look-gallery-${c.id}`}>
          {images.map((image) => (
            <li key={image.share_id}>
              <Link
                to={getHref(locale, 'imageShare', { shareId: image.share_id })}
                className="bg-surface-2 block overflow-hidden rounded-xl"
                data-testid="look-picture"
              >
                <img
                  src={image.url}
                  alt={image.prompt}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  className="aspect-[3/4] h-auto w-full object-cover"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pictures.hasNextPage && (
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          onClick={() => void pictures.fetchNextPage()}
          disabled={pictures.isFetchingNextPage}
        >
          {t('look.more')}
        </Button>
      )}
    </section>
  );
}
