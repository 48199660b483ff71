import { ImageUp, Loader2, RefreshCw, Shuffle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '@/components/ui/alert-text';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useBlobSrc } from '../hooks/use-blob-src';
import type { Photo } from '../lib/page-store';
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT, type PhotoProblem } from '../lib/photo-files';
import { readPhoto } from '../lib/read-photo';
import { fetchSample, pickSample } from '../lib/samples';
import { StepHeading } from './step-heading';

type Role = 'base' | 'face';

/**
 * A photo step (1 base photo, 2 face): a drop area that is also the file button, the chosen
 * photo's preview, and "Random photo", which takes one of the bundled samples. A photo is
 * checked (type by content, size) before it is taken, and told about at once if it is wrong.
 */
export function PhotoStep({
  role,
  n,
  photo,
  onPhoto,
  avoid,
  disabled,
}: {
  role: Role;
  n: number;
  photo: Photo | null;
  onPhoto: (photo: Photo | null) => void;
  /** Samples already in use, so Random shows another picture. */
  avoid: readonly string[];
  /** A swap is being sent: the photos stay as they are meanwhile. */
  disabled: boolean;
}) {
  const { t } = useTranslation('faceswap');
  const id = useId();
  const inputId = `${id}-input`;
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [over, setOver] = useState(false);
  const src = useBlobSrc(photo?.file ?? null);
  const sampleController = useRef<AbortController | null>(null);
  useEffect(() => () => sampleController.current?.abort(), []);

  const problemText = (found: PhotoProblem) => {
    switch (found.kind) {
      case 'format':
        return t('problem.format');
      case 'tooLarge':
        return t('problem.tooLarge', { mb: found.maxMb });
      case 'tooManyPixels':
        return t('problem.tooManyPixels', { mp: found.maxMegapixels });
      case 'unreadable':
        return t('problem.unreadable');
    }
  };

  const take = async (file: File | undefined, sample: boolean) => {
    if (!file) return;
    setReading(true);
    try {
      const read = await readPhoto(file);
      if (!read.ok) {
        setProblem(problemText(read.problem));
        return;
      }
      setProblem(null);
      onPhoto({ file, width: read.width, height: read.height, sample });
    } finally {
      setReading(false);
    }
  };

  const random = async () => {
    sampleController.current?.abort();
    const controller = new AbortController();
    sampleController.current = controller;
    setReading(true);
    try {
      const file = await fetchSample(pickSample(Math.random(), avoid), controller.signal);
      await take(file, true);
    } catch {
      if (!controller.signal.aborted) setProblem(t('problem.sample'));
    } finally {
      if (sampleController.current === controller) setReading(false);
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) void take(event.dataTransfer.files[0], false);
  };

  const describedBy =
    [photo ? null : `${id}-formats`, problem ? `${id}-problem` : null].filter(Boolean).join(' ') || undefined;
  const headingId = `${id}-heading`;
  const mb = MAX_PHOTO_BYTES / 1024 / 1024;

  return (
    <section
      aria-labelledby={headingId}
      className="border-line bg-surface grid min-w-0 content-start gap-3 rounded-3xl border p-4"
      data-testid={`${role}-step`}
    >
      <StepHeading
        id={headingId}
        n={n}
        title={t(`steps.${role}.title`)}
        hint={t(`steps.${role}.hint`)}
        done={photo !== null}
      />
      <div className="relative">
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          className={cn(
            'group relative grid aspect-[4/3] cursor-pointer place-items-center overflow-hidden rounded-2xl border text-center transition-colors duration-150 sm:aspect-[4/5] lg:aspect-[5/4]',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[#c4b5fd]',
            photo
              ? 'border-line bg-surface-2'
              : 'border-line bg-surface-2/60 hover:border-faint border-dashed',
            over && 'border-pink bg-pink/10',
            disabled && 'pointer-events-none',
          )}
          data-testid={`${role}-drop`}
        >
          {photo ? (
            <>
              <img
                ref={src}
                alt={t(`steps.${role}.alt`)}
                width={photo.width}
                height={photo.height}
                className="h-full w-full object-contain"
                data-testid={`${role}-preview`}
              />
              {photo.sample && (
                <span className="absolute start-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-semibold text-white backdrop-blur">
                  {t('upload.sample')}
                </span>
              )}
              <span className="absolute inset-x-0 bottom-0 flex justify-center bg-linear-to-t from-black/75 to-transparent px-2 pt-8 pb-2.5">
                <span className="inline-flex items-center gap-1.5 rounded-full bg-black/55 px-3 py-1 text-xs font-semibold text-white backdrop-blur">
                  <RefreshCw className="h-3.5 w-3.5" aria-hidden />
                  {t('upload.replace')}
                </span>
              </span>
            </>
          ) : (
            <span className="flex flex-col items-center gap-2 px-4">
              <span className="bg-surface-3 text-pink grid h-12 w-12 place-items-center rounded-2xl">
                <ImageUp className="h-6 w-6" aria-hidden />
              </span>
              <span className="text-sm font-semibold">{t('upload.choose')}</span>
              <span className="text-muted text-xs">{t('upload.drop')}</span>
              <span id={`${id}-formats`} className="text-muted mt-1 text-xs">
                {t('upload.formats', { mb })}
              </span>
            </span>
          )}
          {reading && (
            <span className="bg-bg/70 absolute inset-0 grid place-items-center" role="status">
              <Loader2 className="text-pink h-7 w-7 animate-spin motion-reduce:animate-none" aria-hidden />
              <span className="sr-only">{t('upload.reading')}</span>
            </span>
          )}
          <input
            id={inputId}
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            disabled={disabled}
            aria-label={t(photo ? `steps.${role}.replace` : `steps.${role}.choose`)}
            aria-describedby={describedBy}
            onChange={(e) => {
              void take(e.target.files?.[0], false);
              e.target.value = '';
            }}
            data-testid={`${role}-input`}
          />
        </label>
        {photo && !disabled && (
          <button
            type="button"
            onClick={() => {
              setProblem(null);
              onPhoto(null);
            }}
            aria-label={t(`steps.${role}.remove`)}
            title={t(`steps.${role}.remove`)}
            className="absolute end-2 top-2 grid h-9 w-9 place-items-center rounded-full bg-black/60 text-white backdrop-blur transition-colors duration-150 hover:bg-black/80"
            data-testid={`${role}-remove`}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void random()}
          disabled={disabled || reading}
          data-testid={`${role}-random`}
        >
          <Shuffle className="h-4 w-4" aria-hidden />
          {t('upload.random')}
        </Button>
      </div>
      <AlertText message={problem} id={`${id}-problem`} className="text-pretty" testId={`${role}-problem`} />
    </section>
  );
}
