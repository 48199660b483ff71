import { type ImagePreset } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/images';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE, pathOf } from '@/lib/api-client';
import { appConfig } from '@/lib/app-config';

/** The sample tiles' size (public/presets, drawn by scripts/render-presets.mjs). */
const TILE = { width: 256, height: 320 };

/**
 * A style's tile: a real sample made once by the configured image engine (served by the server),
 * or the offline renderer's drawing of that style that the page ships.
 */
export function presetTileUrl(id: string, styleSamples = appConfig.styleSamples === true): string {
  return styleSamples
    ? `${API_BASE}${pathOf(API.presetSample, { file: `${id}.webp` })}`
    : `/presets/${id}.webp`;
}

/** The presets as picture tiles with their names: a radio group (arrow keys move the choice). */
export function PresetPicker({
  presets,
  value,
  onChange,
}: {
  presets: readonly ImagePreset[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('images');
  const name = useId();
  const chosen = presets.find((p) => p.id === value);
  return (
    <fieldset className="min-w-0" data-testid="preset-picker">
      <legend className="flex w-full items-baseline justify-between gap-3 text-sm font-semibold">
        <span>{t('preset.label')}</span>
        {chosen && (
          <span className="text-muted truncate text-xs font-normal">{t(`presets.${chosen.id}`)}</span>
        )}
      </legend>
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-4">
        {presets.map((preset) => (
          <label
            key={preset.id}
            data-testid={`preset-${preset.id}`}
            className="group has-checked:border-pink has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-violet-300 border-line bg-surface-2 hover:border-pink/50 relative block cursor-pointer overflow-hidden rounded-xl border-2 transition-colors duration-150"
          >
            <input
              type="radio"
              name={name}
              value={preset.id}
              checked={preset.id === value}
              onChange={() => onChange(preset.id)}
              className="peer sr-only"
            />
            <img
              src={presetTileUrl(preset.id)}
              alt=""
              width={TILE.width}
              height={TILE.height}
              loading="lazy"
              decoding="async"
              className="aspect-[4/5] h-auto w-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
            />
            <span className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/85 via-black/50 to-transparent px-1.5 pt-5 pb-1.5 text-center text-xs leading-tight font-semibold text-white">
              {t(`presets.${preset.id}`)}
            </span>
            <span
              className="bg-accent absolute end-1.5 top-1.5 hidden h-5 w-5 place-items-center rounded-full text-white shadow peer-checked:grid"
              aria-hidden
            >
              <Check className="h-3.5 w-3.5" />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
