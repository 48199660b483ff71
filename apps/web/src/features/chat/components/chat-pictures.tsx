import { COSTS, type ChatPicture } from '@lumi/contract';
import { Camera, Check, Image as ImageIcon, Info, Loader2, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { ChatPictures } from '../hooks/use-chat-pictures';

/** A name kept apart from the text around it: a Latin name in Arabic. */
const isolated = (name: string) => `\u2068${name}\u2069`;

/**
 * "Send me a picture" in the composer (issue 22): a round button beside the message box, named
 * with what a picture costs.
 */
export function PictureButton({
  pictures,
  name,
  disabled,
}: {
  pictures: ChatPictures;
  name: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('chat');
  const label = `${t('picture.ask')} · ${
    pictures.free ? t('picture.free') : t('picture.cost', { count: COSTS.imageStandard })
  }`;
  return (
    <button
      type="button"
      onClick={() => pictures.ask()}
      disabled={disabled || pictures.asking}
      aria-label={label}
      title={label}
      data-name={name}
      className="text-muted hover:bg-surface-2 hover:text-fg grid h-10 w-10 shrink-0 place-items-center rounded-full transition-colors disabled:opacity-40"
      data-testid="chat-picture"
    >
      {pictures.asking ? (
        <Loader2 className="h-5 w-5 animate-spin motion-reduce:animate-none" aria-hidden />
      ) : (
        <Camera className="h-5 w-5" aria-hidden />
      )}
    </button>
  );
}

/** The pictures asked for after one message, each as a message of the character's. */
export function MessagePictures({
  pictures,
  list,
  avatar,
  name,
}: {
  pictures: ChatPictures;
  list: readonly ChatPicture[];
  avatar: ReactNode;
  name: string;
}) {
  if (list.length === 0) return null;
  return (
    <>
      {list.map((p) => (
        <PictureItem key={p.id} picture={p} pictures={pictures} avatar={avatar} name={name} />
      ))}
    </>
  );
}

function PictureItem({
  picture: p,
  pictures,
  avatar,
  name,
}: {
  picture: ChatPicture;
  pictures: ChatPictures;
  avatar: ReactNode;
  name: string;
}) {
  const { t } = useTranslation('chat');
  const waiting = p.state === 'queued' || p.state === 'running';
  return (
    <li className="flex gap-2.5" data-testid="chat-picture-item" data-state={p.state}>
      <div className="mt-1 shrink-0">{avatar}</div>
      <figure className="border-line bg-surface w-[min(18rem,70vw)] overflow-hidden rounded-2xl rounded-ss-md border">
        {p.image ? (
          <img
            src={p.image.url}
            alt={t('picture.alt', { name })}
            width={p.image.width}
            height={p.image.height}
            loading="lazy"
            className="block aspect-[3/4] h-auto w-full object-cover"
          />
        ) : (
          <div
            className={cn(
              'bg-surface-2 grid aspect-[3/4] w-full place-items-center p-4 text-center text-sm',
              waiting ? 'text-muted' : 'text-danger',
            )}
            role="status"
          >
            {waiting ? (
              <span className="flex flex-col items-center gap-2">
                <Loader2 className="text-pink h-6 w-6 animate-spin motion-reduce:animate-none" aria-hidden />
                {t('picture.taking', { name: isolated(name) })}
              </span>
            ) : (
              <span className="flex flex-col items-center gap-2">
                <ImageIcon className="h-6 w-6" aria-hidden />
                {t('picture.failed')}
              </span>
            )}
          </div>
        )}
        {(p.image || p.preview) && (
          <figcaption className="flex min-h-10 flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-1.5 text-xs leading-snug">
            {p.preview ? (
              <span
                className="text-muted flex min-w-0 flex-1 items-start gap-1.5"
                data-testid="picture-preview"
              >
                <Info className="text-pink mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
                <span>{t('picture.preview')}</span>
              </span>
            ) : (
              <span />
            )}
            {p.image &&
              (p.share_id ? (
                <span className="text-success flex min-w-0 items-start gap-1" data-testid="picture-shared">
                  <Check className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
                  <span>{t('picture.shared', { name: isolated(name) })}</span>
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => void pictures.share(p.id)}
                  disabled={pictures.sharing === p.id}
                  aria-label={t('picture.share', { name: isolated(name) })}
                  title={t('picture.share', { name: isolated(name) })}
                  className="text-muted hover:bg-surface-2 hover:text-fg grid h-9 w-9 shrink-0 place-items-center rounded-full"
                  data-testid="picture-share"
                >
                  <Share2 className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
                </button>
              ))}
          </figcaption>
        )}
      </figure>
    </li>
  );
}
