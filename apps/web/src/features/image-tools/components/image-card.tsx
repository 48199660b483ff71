import type { ImageTool, JobImage, Locale } from '@lumi/contract';
import { useMutation } from '@tanstack/react-query';
import { Contrast, Download, Loader2, Share2, ZoomIn } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { ZoomDialog } from '@/components/ui/zoom-dialog';
import { getHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/toast';
import { shareImage } from '../api/share-image';
import { absoluteUrl, downloadName } from '../lib/share-links';
import { PreviewBadge } from './preview-badge';
import { ShareDialog } from './share-dialog';

/** The Contrast toggle's look, on the card and in the zoom view. */
const CONTRAST_FILTER = 'contrast(1.25) saturate(1.1)';

interface ImageCardProps {
  image: JobImage;
  jobId: string;
  index: number;
  tool: ImageTool;
  preview: boolean;
  locale: Locale;
  /** "Picture 2": the image's name for screen readers and the zoom view. */
  label: string;
  /** Smaller buttons, for the history's thumbnails. */
  compact?: boolean;
  /** Load at once (the results) or when near the screen (the history). */
  eager?: boolean;
}

/** One generated picture with its actions: zoom, contrast, download and share. */
export function ImageCard({
  image,
  jobId,
  index,
  tool,
  preview,
  locale,
  label,
  compact,
  eager,
}: ImageCardProps) {
  const { t } = useTranslation('images');
  const [zoom, setZoom] = useState(false);
  const [contrast, setContrast] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [shareUrl, setShareUrl] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(image.url, downloadName(tool, jobId, index));
    } catch {
      notify('error', t('results.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const share = useMutation({
    mutationFn: () => shareImage(jobId, index),
    onSuccess: (shared) =>
      setShareUrl(
        absoluteUrl(getHref(locale, 'imageShare', { shareId: shared.share_id }), window.location.origin),
      ),
    onError: (err) => notify('error', errorMessage(err, t('share.failed'))),
  });
  const sharing = share.isPending;

  const icon = compact ? 'h-4 w-4' : 'h-[18px] w-[18px]';
  return (
    <figure
      className="group border-line bg-surface-2 relative overflow-hidden rounded-2xl border"
      data-testid="result-image"
    >
      <button
        type="button"
        onClick={() => setZoom(true)}
        className="block w-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
        aria-label={`${t('results.zoom')}: ${label}`}
      >
        <img
          src={image.url}
          alt={label}
          width={image.width}
          height={image.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="block h-auto w-full transition-[filter] duration-200"
          style={contrast ? { filter: CONTRAST_FILTER } : undefined}
        />
      </button>
      {preview && <PreviewBadge className="pointer-events-none absolute start-2 top-2" />}
      <figcaption className="sr-only">{label}</figcaption>
      <div
        className={cn(
          'absolute inset-x-0 bottom-0 flex flex-wrap justify-center bg-linear-to-t from-black/80 to-transparent',
          compact ? 'gap-1 px-1 pt-6 pb-1' : 'gap-1.5 px-2 pt-8 pb-2',
        )}
      >
        <Action label={t('results.zoom')} onClick={() => setZoom(true)} compact={compact}>
          <ZoomIn className={icon} aria-hidden />
        </Action>
        <Action
          label={t('results.contrast')}
          onClick={() => setContrast((c) => !c)}
          pressed={contrast}
          compact={compact}
        >
          <Contrast className={icon} aria-hidden />
        </Action>
        <Action
          label={t('results.download')}
          onClick={() => void download()}
          busy={downloading}
          compact={compact}
        >
          {downloading ? (
            <Loader2 className={cn(icon, 'animate-spin')} aria-hidden />
          ) : (
            <Download className={icon} aria-hidden />
          )}
        </Action>
        <Action label={t('results.share')} onClick={() => share.mutate()} busy={sharing} compact={compact}>
          {sharing ? (
            <Loader2 className={cn(icon, 'animate-spin')} aria-hidden />
          ) : (
            <Share2 className={icon} aria-hidden />
          )}
        </Action>
      </div>
      {zoom && (
        <ZoomDialog
          open
          onOpenChange={setZoom}
          image={image}
          title={label}
          description={label}
          filter={contrast ? CONTRAST_FILTER : undefined}
        />
      )}
      {shareUrl && <ShareDialog open onOpenChange={(open) => !open && setShareUrl(null)} url={shareUrl} />}
    </figure>
  );
}

function Action({
  label,
  onClick,
  children,
  pressed,
  busy,
  compact,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  busy?: boolean;
  compact?: boolean | undefined;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      className={cn(
        'grid place-items-center rounded-full text-white backdrop-blur transition-colors duration-150 disabled:opacity-70',
        compact ? 'h-8 w-8' : 'h-10 w-10',
        pressed ? 'bg-accent' : 'bg-black/55 hover:bg-black/75',
      )}
    >
      {children}
    </button>
  );
}
