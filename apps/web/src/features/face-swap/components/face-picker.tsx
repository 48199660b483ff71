import { COSTS } from '@lumi/contract';
import { ScanFace } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useBlobSrc } from '../hooks/use-blob-src';
import { boxPosition, type FaceBox } from '../lib/face-boxes';

/**
 * "Swap a different face": the base photo with a box over each face found in it; pressing
 * another face swaps that one instead (largest first, as the server numbers them).
 */
export function FacePicker({
  photo,
  width,
  height,
  faces,
  current,
  busy,
  onPick,
}: {
  photo: Blob;
  width: number;
  height: number;
  faces: readonly FaceBox[];
  current: number;
  busy: boolean;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation('faceswap');
  const id = useId();
  const src = useBlobSrc(photo);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="border-line bg-surface grid gap-3 rounded-2xl border p-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-start"
      data-testid="face-picker"
    >
      <div className="sm:order-2">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-bold">
          <ScanFace className="text-pink h-4 w-4" aria-hidden />
          {t('faces.title')}
        </h3>
        <p className="text-muted mt-1 text-sm text-pretty">{t('faces.found', { count: faces.length })}</p>
      </div>
      {/* Pictures are not mirrored in right-to-left pages, so the boxes use physical left/top. */}
      <div
        className="bg-surface-2 relative mx-auto w-full max-w-xs overflow-hidden rounded-xl sm:order-1 sm:max-w-none"
        style={{ aspectRatio: `${width} / ${height}` }}
        dir="ltr"
      >
        <img
          ref={src}
          alt=""
          width={width}
          height={height}
          className="absolute inset-0 h-full w-full object-cover"
        />
        {faces.map((face, index) => {
          const n = index + 1;
          const selected = index === current;
          return (
            <button
              key={index}
              type="button"
              disabled={busy || selected}
              onClick={() => onPick(index)}
              aria-pressed={selected}
              aria-label={
                selected ? t('faces.current', { n }) : t('faces.pick', { n, count: COSTS.faceSwap })
              }
              title={selected ? t('faces.current', { n }) : t('faces.pick', { n, count: COSTS.faceSwap })}
              className={cn(
                'absolute min-h-6 min-w-6 rounded-lg border-2 transition-colors duration-150 disabled:cursor-default',
                selected
                  ? 'border-pink bg-pink/15'
                  : 'border-white/85 bg-black/10 hover:border-pink hover:bg-pink/20 disabled:opacity-60',
              )}
              style={boxPosition(face, { width, height })}
              data-testid={`face-box-${index}`}
            >
              <span
                className={cn(
                  'tabular absolute top-1 left-1 grid h-6 min-w-6 place-items-center rounded-full px-1 text-xs font-bold shadow',
                  selected ? 'bg-accent text-white' : 'bg-white text-neutral-900',
                )}
                aria-hidden
              >
                {n}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
