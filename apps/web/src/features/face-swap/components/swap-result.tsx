import { CircleCheck, Download, Loader2, ScanFace, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultEmpty, ResultFailed } from '@/components/result-states';
import { JobProgress } from '@/components/ui/job-progress';
import { Button } from '@/components/ui/button';
import { ZoomDialog } from '@/components/ui/zoom-dialog';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/toast';
import { useBlobSrc } from '../hooks/use-blob-src';
import { choosableFaces } from '../lib/face-boxes';
import type { Photo } from '../lib/page-store';
import type { Swap } from '../lib/swap-state';
import { CompareSlider } from './compare-slider';
import { FacePicker } from './face-picker';

/** The swapped photo's file name. */
const swapFileName = (jobId: string) => `face-swap-${jobId}.webp`;

/**
 * The result area: what the swap is doing (in queue, swapping, with progress), then the
 * before/after comparison with zoom and download, the choice of another face when the base
 * photo has several, or what went wrong with Retry.
 */
export function SwapResult({
  state,
  base,
  busy,
  rtl,
  numberLocale,
  onRetry,
  onPickFace,
}: {
  state: Swap;
  /** The base photo now chosen in step 1, shown while waiting for its swap. */
  base: Photo | null;
  busy: boolean;
  rtl: boolean;
  numberLocale: string;
  onRetry: () => void;
  onPickFace: (index: number) => void;
}) {
  const { t } = useTranslation('faceswap');

  if (state.phase === 'idle') {
    return (
      <ResultEmpty
        icon={ScanFace}
        title={t('result.empty')}
        hint={t('result.emptyHint')}
        className="min-h-72"
        testId="swap-empty"
      />
    );
  }

  if (state.phase === 'done')
    return <Done state={state} busy={busy} rtl={rtl} numberLocale={numberLocale} onPickFace={onPickFace} />;

  if (state.phase === 'failed') {
    return (
      <ResultFailed
        job={state}
        t={t}
        onRetry={onRetry}
        className="min-h-72"
        testIds={{ area: 'swap-failed', message: 'swap-failed-message', retry: 'swap-retry' }}
      />
    );
  }

  // Waiting: sending, queued or running.
  return (
    <div className="grid gap-3" data-testid="swap-waiting" aria-busy>
      <JobProgress job={state} t={t} numberLocale={numberLocale} testId="swap-status" />
      <Pending photo={state.request.base} size={base?.file === state.request.base ? base : null} />
    </div>
  );
}

/** The base photo, dimmed and shimmering, where the result will be. */
function Pending({ photo, size }: { photo: Blob; size: { width: number; height: number } | null }) {
  const src = useBlobSrc(photo);
  const ratio = size ? size.width / size.height : 1;
  return (
    <div
      className="bg-surface-2 relative mx-auto w-full overflow-hidden rounded-2xl"
      style={{ aspectRatio: String(ratio), width: `min(100%, calc(72dvh * ${ratio}))` }}
      aria-hidden
    >
      <img ref={src} alt="" className="h-full w-full object-cover opacity-40 blur-[2px] grayscale" />
      <div className="absolute inset-0 animate-pulse bg-linear-to-br from-pink/10 via-transparent to-violet/15 motion-reduce:animate-none" />
    </div>
  );
}

function Done({
  state,
  busy,
  rtl,
  numberLocale,
  onPickFace,
}: {
  state: Extract<Swap, { phase: 'done' }>;
  busy: boolean;
  rtl: boolean;
  numberLocale: string;
  onPickFace: (index: number) => void;
}) {
  const { t } = useTranslation('faceswap');
  const [zoom, setZoom] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { image, id, request } = state;
  const faces = choosableFaces(state.faces);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(image.url, swapFileName(id));
    } catch {
      notify('error', t('result.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-3" data-testid="swap-done">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p role="status" className="flex items-center gap-2 text-sm font-semibold">
          <CircleCheck className="text-success h-4 w-4 shrink-0" aria-hidden />
          {t('status.done')}
        </p>
        <span className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setZoom(true)} data-testid="swap-zoom">
            <ZoomIn className="h-4 w-4" aria-hidden />
            {t('result.zoom')}
          </Button>
          <Button
            size="sm"
            onClick={() => void download()}
            disabled={downloading}
            data-testid="swap-download"
          >
            {downloading ? (
              <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
            ) : (
              <Download className="h-4 w-4" aria-hidden />
            )}
            {t('result.download')}
          </Button>
        </span>
      </div>
      <CompareSlider
        // A new result starts its comparison in the middle again.
        key={id}
        before={request.base}
        after={image.url}
        width={image.width}
        height={image.height}
        rtl={rtl}
        percentFormat={new Intl.NumberFormat(numberLocale, { style: 'percent' })}
      />
      <p className="text-muted text-center text-xs text-pretty">{t('result.compareHint')}</p>
      {faces.length > 0 && (
        <FacePicker
          photo={request.base}
          width={image.width}
          height={image.height}
          faces={faces}
          current={request.baseFace}
          busy={busy}
          onPick={onPickFace}
        />
      )}
      {zoom && <ZoomDialog open onOpenChange={setZoom} image={image} title={t('result.alt')} />}
    </div>
  );
}
