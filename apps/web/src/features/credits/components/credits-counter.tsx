import { MAX_SAVE_PERCENT } from '@lumi/contract';
import { Zap } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { formatInteger } from '@/lib/intl';
import { Link } from '@/lib/router';
import { useCredits } from '../api/get-credits';

/** The header's balance, leading to /pay-view with the Upgrade label and the OFF badge. */
export function CreditsCounter({ ready }: { ready: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = useCredits(ready);
  const balanceId = useId();
  const remain = data?.remain;
  const formatted = remain === undefined ? undefined : formatInteger(remain, locale);
  return (
    <>
      <Link
        to={getHref(locale, 'pricing')}
        className="group border-line bg-surface-2 hover:border-pink/50 relative flex h-10 shrink-0 items-center gap-1 rounded-full border ps-2.5 pe-1 transition-colors duration-150"
        // The name is what the link shows ("30 Upgrade 70% OFF", WCAG 2.5.3); the description says what 30 is.
        aria-describedby={remain === undefined ? undefined : balanceId}
      >
        <Zap className="fill-pink text-pink h-4 w-4 shrink-0" aria-hidden />
        <span
          className="tabular min-w-[2ch] pe-1 text-sm font-bold"
          data-testid="credits-balance"
          aria-busy={remain === undefined}
        >
          {formatted ?? (
            <span className="bg-surface-3 inline-block h-3 w-6 animate-pulse rounded align-middle" />
          )}
        </span>
        <span className="bg-accent flex h-8 items-center rounded-full px-3 text-xs font-bold text-white">
          {t('credits.upgrade')}
        </span>
        <span className="absolute -top-2 end-1 rounded-full bg-amber-300 px-1.5 text-[10px] leading-4 font-extrabold whitespace-nowrap text-black shadow">
          {t('credits.off', { percent: MAX_SAVE_PERCENT })}
        </span>
      </Link>
      {/* Outside the link, so it describes it without being read twice as part of its name. */}
      {remain !== undefined && (
        <span id={balanceId} className="sr-only">
          {t('credits.balance', { count: remain, formatted })}
        </span>
      )}
    </>
  );
}
