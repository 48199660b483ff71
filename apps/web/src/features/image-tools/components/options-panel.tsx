import { COSTS, IMAGE_LIMITS, type ImageModel, type ImageSpeed, type Locale } from '@lumi/contract';
import { Crown, Gem, Rabbit, Sparkles, Turtle, Zap } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { Link } from '@/lib/router';
import type { ToolForm } from '../lib/form-state';
import { intlLocale } from '../lib/intl';
import { ASPECTS } from '../lib/sizes';
import { Chip, GroupLegend } from './chips';

/** Fast generations a non-paying user gets a day; the server holds the real number. */
export const FREE_FAST_PER_DAY = 5;

interface OptionsProps {
  form: ToolForm;
  update: (patch: Partial<ToolForm>) => void;
  /** Paying user: the advanced model and unlimited fast generations. Unknown while loading. */
  isVip: boolean | undefined;
  locale: Locale;
  /** The preview renderer draws: pictures are free, whatever the model. */
  free?: boolean;
}

/** Size, number of images, speed and model. */
export function OptionsPanel({ form, update, isVip, locale, free = false }: OptionsProps) {
  const { t } = useTranslation('images');
  const sizeName = useId();
  const countName = useId();
  const format = new Intl.NumberFormat(intlLocale(locale));
  return (
    <div className="grid gap-5">
      <fieldset className="min-w-0">
        <GroupLegend legend={t('size.label')} />
        <div className="mt-2 grid grid-cols-5 gap-1.5">
          {ASPECTS.map((aspect) => {
            const [w = 1, h = 1] = aspect.ratio.split(':').map(Number);
            const scale = 18 / Math.max(w, h);
            return (
              <label
                key={aspect.size}
                title={t(`size.${aspect.name}`)}
                className="border-line bg-surface-2 hover:border-pink/50 has-checked:border-pink has-checked:bg-pink/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-violet-300 flex cursor-pointer flex-col items-center gap-1 rounded-xl border px-1 py-2 transition-colors duration-150"
              >
                <input
                  type="radio"
                  name={sizeName}
                  value={aspect.size}
                  checked={form.size === aspect.size}
                  onChange={() => update({ size: aspect.size })}
                  className="peer sr-only"
                  aria-label={`${t(`size.${aspect.name}`)} ${aspect.ratio}`}
                />
                <span className="text-muted peer-checked:text-pink grid h-6 place-items-center" aria-hidden>
                  <span
                    className="block rounded-[3px] border-2 border-current"
                    style={{ width: w * scale + 2, height: h * scale + 2 }}
                  />
                </span>
                <span className="tabular text-xs font-semibold" dir="ltr" aria-hidden>
                  {aspect.ratio}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="min-w-0">
        <GroupLegend legend={t('count.label')} />
        <div className="mt-2 flex gap-2">
          {Array.from({ length: IMAGE_LIMITS.maxCount }, (_, i) => i + 1).map((n) => (
            <Chip
              key={n}
              type="radio"
              name={countName}
              option={{ value: String(n), label: <span className="tabular">{format.format(n)}</span> }}
              checked={form.count === n}
              onChange={() => update({ count: n })}
            />
          ))}
        </div>
      </fieldset>

      <TileGroup<ImageSpeed>
        legend={t('speed.label')}
        value={form.speed}
        onChange={(speed) => update({ speed })}
        tiles={[
          {
            value: 'slow',
            icon: <Turtle className="h-4 w-4" aria-hidden />,
            title: t('speed.slow'),
            detail: t('speed.slowHint'),
          },
          {
            value: 'fast',
            icon: <Rabbit className="h-4 w-4" aria-hidden />,
            title: t('speed.fast'),
            detail: isVip ? t('speed.fastPaid') : t('speed.fastHint'),
          },
        ]}
        footer={
          !isVip && (
            <p className="text-muted mt-2 flex items-center gap-1.5 text-xs" data-testid="fast-free">
              <Zap className="text-pink h-3.5 w-3.5 shrink-0" aria-hidden />
              {t('speed.fastFree', { count: FREE_FAST_PER_DAY })}
            </p>
          )
        }
      />

      <TileGroup<ImageModel>
        legend={t('model.label')}
        value={form.model}
        onChange={(model) => update({ model })}
        tiles={[
          {
            value: 'standard',
            icon: <Sparkles className="h-4 w-4" aria-hidden />,
            title: t('model.standard'),
            detail: free ? t('model.free') : t('model.perImage', { count: COSTS.imageStandard }),
          },
          {
            value: 'advanced',
            icon: <Gem className="h-4 w-4" aria-hidden />,
            title: t('model.advanced'),
            detail: free ? t('model.free') : t('model.perImage', { count: COSTS.imageAdvanced }),
            disabled: !isVip,
          },
        ]}
        footer={
          !isVip && (
            <p
              className="text-muted mt-2 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs"
              data-testid="advanced-paid-only"
            >
              <Crown className="text-pink h-3.5 w-3.5 shrink-0" aria-hidden />
              <span>{t('model.paidOnly')}</span>
              <Link
                to={getHref(locale, 'pricing')}
                className="text-pink font-semibold underline-offset-2 hover:underline"
              >
                {t('model.seePlans')}
              </Link>
            </p>
          )
        }
      />
    </div>
  );
}

interface Tile<T extends string> {
  value: T;
  icon: ReactNode;
  title: string;
  detail: string;
  disabled?: boolean;
}

/** Two or more choices as tiles with a line of detail each. */
function TileGroup<T extends string>({
  legend,
  value,
  onChange,
  tiles,
  footer,
}: {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  tiles: readonly Tile<T>[];
  footer?: ReactNode;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <GroupLegend legend={legend} />
      <div className="mt-2 grid grid-cols-2 gap-2">
        {tiles.map((tile) => (
          <label
            key={tile.value}
            className={cn(
              'border-line bg-surface-2 has-checked:border-pink has-checked:bg-pink/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-violet-300 flex min-h-14 items-start gap-2.5 rounded-xl border px-3 py-2.5 transition-colors duration-150',
              tile.disabled ? 'cursor-not-allowed opacity-55' : 'hover:border-pink/50 cursor-pointer',
            )}
          >
            <input
              type="radio"
              name={name}
              value={tile.value}
              checked={value === tile.value}
              disabled={tile.disabled}
              onChange={() => onChange(tile.value)}
              className="peer sr-only"
            />
            <span className="text-muted peer-checked:text-pink mt-0.5">{tile.icon}</span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{tile.title}</span>
              <span className="text-muted block text-xs leading-snug">{tile.detail}</span>
            </span>
          </label>
        ))}
      </div>
      {footer}
    </fieldset>
  );
}
