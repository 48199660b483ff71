import { SAFETY_VERDICTS, type SafetyCounts, type SafetyVerdict } from '@lumi/contract';
import { Ban, EyeOff, Flag, HeartHandshake, ImageOff, ShieldX } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const VERDICT_COLOR: Record<SafetyVerdict, string> = {
  refuse: 'bg-danger',
  crisis: 'bg-amber-400',
  explicit: 'bg-pink',
};

/** The stat tiles of the three verdicts, in their order, with their icons. */
const VERDICTS = [
  ['refuse', ShieldX],
  ['crisis', HeartHandshake],
  ['explicit', ImageOff],
] as const satisfies readonly (readonly [SafetyVerdict, ComponentType<{ className?: string }>])[];

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function Stat({
  icon,
  label,
  value,
  detail,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  detail?: string;
}) {
  return (
    <div className="border-line bg-surface rounded-2xl border p-3 sm:p-4">
      <p className="text-muted flex items-center gap-1.5 text-xs font-semibold">
        {icon}
        {label}
      </p>
      <p className="mt-1 text-2xl font-extrabold tabular-nums">{value}</p>
      {detail && <p className="text-faint mt-0.5 text-xs tabular-nums">{detail}</p>}
    </div>
  );
}

/**
 * The operator's safety figures (issue 18): refusals, crisis notices and explicit pictures held
 * back over the last 30 days, per day and per surface; open reports, hidden items and bans.
 */
export function SafetySummary({ counts }: { counts: SafetyCounts }) {
  const { t } = useTranslation('manage');
  const perDay = counts.days.map((day, i) => ({
    day,
    values: SAFETY_VERDICTS.map((v) => ({ verdict: v, n: counts.verdicts[v][i] ?? 0 })),
  }));
  const peak = Math.max(1, ...perDay.map((d) => sum(d.values.map((v) => v.n))));
  const surfaces = Object.entries(counts.surfaces)
    .map(([surface, series]) => [surface, sum(series)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const hidden = counts.hidden;

  return (
    <section aria-labelledby="safety-title" className="mb-6" data-testid="safety-summary">
      <h2 id="safety-title" className="mb-3 text-base font-bold">
        {t('safety.title', { count: counts.days.length })}
      </h2>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Stat
          icon={<Flag className="h-3.5 w-3.5" aria-hidden />}
          label={t('safety.openReports')}
          value={counts.open_reports.items}
          detail={t('safety.reportsDetail', { reports: counts.open_reports.reports })}
        />
        {VERDICTS.map(([verdict, Icon]) => (
          <Stat
            key={verdict}
            icon={<Icon className="h-3.5 w-3.5" aria-hidden />}
            label={t(`safety.verdicts.${verdict}`)}
            value={counts.totals[verdict]}
          />
        ))}
        <Stat
          icon={<EyeOff className="h-3.5 w-3.5" aria-hidden />}
          label={t('safety.hidden')}
          value={hidden.characters + hidden.shares + hidden.profiles}
          detail={t('safety.hiddenDetail', hidden)}
        />
        <Stat
          icon={<Ban className="h-3.5 w-3.5" aria-hidden />}
          label={t('safety.banned')}
          value={counts.banned_users}
        />
      </div>

      <div className="border-line bg-surface mt-2 grid gap-4 rounded-2xl border p-3 sm:p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <p className="text-muted text-xs font-semibold">{t('safety.perDay')}</p>
          {/* Oldest on the start side; the days keep their order in either direction. */}
          <div className="mt-2 flex h-24 items-end gap-px" role="img" aria-label={t('safety.chartLabel')}>
            {perDay.map(({ day, values }) => (
              <div
                key={day}
                className="flex h-full min-w-0 flex-1 flex-col-reverse"
                title={`${day}: ${values.map((v) => `${t(`safety.verdicts.${v.verdict}`)} ${v.n}`).join(', ')}`}
              >
                {values.map(({ verdict, n }) =>
                  n > 0 ? (
                    <div
                      key={verdict}
                      className={cn('w-full first:rounded-b-sm last:rounded-t-sm', VERDICT_COLOR[verdict])}
                      style={{ height: `${(n / peak) * 100}%` }}
                    />
                  ) : null,
                )}
              </div>
            ))}
          </div>
          <div className="text-faint mt-1 flex justify-between text-[11px] tabular-nums">
            <bdi>{counts.days[0]}</bdi>
            <bdi>{counts.days.at(-1)}</bdi>
          </div>
          <ul className="text-muted mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
            {SAFETY_VERDICTS.map((v) => (
              <li key={v} className="flex items-center gap-1.5">
                <span className={cn('h-2.5 w-2.5 rounded-sm', VERDICT_COLOR[v])} aria-hidden />
                {t(`safety.verdicts.${v}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0">
          <p className="text-muted text-xs font-semibold">{t('safety.bySurface')}</p>
          {surfaces.length === 0 ? (
            <p className="text-faint mt-2 text-sm">{t('safety.nothing')}</p>
          ) : (
            <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
              {surfaces.map(([surface, n]) => (
                <div key={surface} className="contents">
                  <dt className="text-muted truncate">
                    {t(`safety.surfaces.${surface}`, { defaultValue: surface })}
                  </dt>
                  <dd className="text-end font-semibold tabular-nums">{n}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="text-faint mt-3 text-xs">
            {t('safety.engines', { list: counts.engines.join(', ') })}
          </p>
        </div>
      </div>
    </section>
  );
}
