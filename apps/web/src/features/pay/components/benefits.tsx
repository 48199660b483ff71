import { Ban, BriefcaseBusiness, Droplets, Rocket, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const BENEFITS: readonly { key: string; Icon: LucideIcon }[] = [
  { key: 'skipQueue', Icon: Rocket },
  { key: 'commercial', Icon: BriefcaseBusiness },
  { key: 'adFree', Icon: Ban },
  { key: 'watermarkFree', Icon: Droplets },
];

/** What every paid plan unlocks. */
export function Benefits() {
  const { t } = useTranslation('pay');
  return (
    <section aria-labelledby="pay-benefits" className="border-line bg-surface rounded-3xl border p-5 sm:p-6">
      <h2 id="pay-benefits" className="text-lg font-bold">
        {t('benefits.heading')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {BENEFITS.map(({ key, Icon }) => (
          <li key={key} className="flex items-start gap-3">
            <span className="bg-surface-2 border-line grid h-10 w-10 shrink-0 place-items-center rounded-xl border">
              <Icon className="text-pink h-5 w-5" aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold">{t(`benefits.${key}.title`)}</span>
              <span className="text-muted block text-sm leading-snug">{t(`benefits.${key}.desc`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
