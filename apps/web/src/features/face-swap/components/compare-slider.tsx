import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlobSrc } from '../hooks/use-blob-src';
import { beforeClip, COMPARE_START, percentFromKey, percentFromPointer } from '../lib/compare';

/**
 * The swapped photo over the photo before the swap, with a divider to drag (or move with the
 * arrow keys) between them: before on the inline-start side, after on the other. The pictures
 * are the same size, so they line up exactly.
 */
export function CompareSlider({
  before,
  after,
  width,
  height,
  rtl,
  percentFormat,
}: {
  before: Blob;
  after: string;
  width: number;
  height: number;
  rtl: boolean;
  percentFormat: Intl.NumberFormat;
}) {
  const { t } = useTranslation('faceswap');
  const [value, setValue] = useState(COMPARE_START);
  const [dragging, setDragging] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const beforeSrc = useBlobSrc(before);

  const moveTo = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) setValue(percentFromPointer(clientX, rect, rtl));
  };

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
    moveTo(event.clientX);
    // The handle takes the focus, so the arrow keys carry on from here.
    handle.current?.focus({ preventScroll: true });
    event.preventDefault();
  };

  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = percentFromKey(value, event.key, rtl);
    if (next === null) return;
    event.preventDefault();
    setValue(next);
  };

  const rounded = Math.round(value);
  const shown = (percent: number) => percentFormat.format(percent / 100);

  return (
    <div
      ref={box}
      onPointerDown={down}
      onPointerMove={(e) => dragging && moveTo(e.clientX)}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
      className="bg-surface-2 relative mx-auto cursor-ew-resize touch-pan-y overflow-hidden rounded-2xl select-none"
      // As large as fits: the whole width, or less so a tall photo stays within the screen.
      style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(72dvh * ${width / height}))` }}
      data-testid="compare"
    >
      <img
        src={after}
        alt={t('result.alt')}
        width={width}
        height={height}
        draggable={false}
        className="absolute inset-0 h-full w-full object-cover"
        data-testid="compare-after"
      />
      <img
        ref={beforeSrc}
        alt=""
        width={width}
        height={height}
        draggable={false}
        className="absolute inset-0 h-full w-full object-cover"
        style={{ clipPath: beforeClip(value, rtl) }}
        data-testid="compare-before"
      />
      <span
        className="pointer-events-none absolute start-2 top-2 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur transition-opacity duration-150"
        style={{ opacity: value < 12 ? 0 : 1 }}
        aria-hidden
      >
        {t('result.before')}
      </span>
      <span
        className="pointer-events-none absolute end-2 top-2 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur transition-opacity duration-150"
        style={{ opacity: value > 88 ? 0 : 1 }}
        aria-hidden
      >
        {t('result.after')}
      </span>
      <div
        ref={handle}
        role="slider"
        tabIndex={0}
        aria-label={t('result.compare')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={t('result.compareValue', { before: shown(rounded), after: shown(100 - rounded) })}
        aria-orientation="horizontal"
        onKeyDown={key}
        className="group absolute inset-y-0 flex w-11 -translate-x-1/2 cursor-ew-resize justify-center rtl:translate-x-1/2"
        // The focus ring goes around the knob, not the whole height.
        style={{ insetInlineStart: `${value}%`, outline: 'none' }}
        data-testid="compare-handle"
      >
        <span className="h-full w-0.5 bg-white/90 shadow-[0_0_6px_rgba(0,0,0,0.6)]" aria-hidden />
        <span
          className="absolute top-1/2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/95 text-neutral-900 shadow-lg shadow-black/40 transition-transform duration-150 group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-[#c4b5fd] group-active:scale-95"
          aria-hidden
        >
          <ChevronsLeftRight className="h-5 w-5" />
        </span>
      </div>
    </div>
  );
}
