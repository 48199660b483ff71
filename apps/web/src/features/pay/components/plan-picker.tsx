import type { Plan, PlanId } from '@lumi/contract';
import { Check, Clock, Crown, Zap } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { cn } from '@/components/ui/cn';
import type { PayFormat } from '../hooks/use-pay-format';
import { perMonthCents } from '../lib/plans';

interface PlanPickerProps {
  plans: readonly Plan[];
  selected: PlanId;
  onSelect: (id: PlanId) => void;
  format: PayFormat;
  disabled?: boolean;
}

/**
 * The plans as a radio group: native radios, so arrow keys move the choice and the browser
 * announces it; each card is the radio's label. Rows on phones, a row of cards from lg.
 */
export function PlanPicker({ plans, selected, onSelect, format, disabled }: PlanPickerProps) {
  const { t } = useTranslation('pay');
  return (
    <ChoiceGroup
      legend={t('plans.heading')}
      legendClassName="sr-only"
      className="min-w-0"
      gridClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      disabled={disabled}
    >
      {(name) =>
        plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            group={name}
            checked={plan.id === selected}
            onSelect={onSelect}
            format={format}
          />
        ))
      }
    </ChoiceGroup>
  );
}

function PlanCard({
  plan,
  group,
  checked,
  onSelect,
  format,
}: {
  plan: Plan;
  group: string;
  checked: boolean;
  onSelect: (id: PlanId) => void;
  format: PayFormat;
}) {
  const { t } = useTranslation('pay');
  const titleId = useId();
  const detailsId = useId();
  const monthly = perMonthCents(plan);
  return (
    <label
      data-testid={`plan-${plan.id}`}
      data-selected={checked}
      className={cn(
        'relative flex cursor-pointer flex-col rounded-2xl border p-4 transition-[border-color,background-color,box-shadow] duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-300 lg:p-5',
        checked
          ? 'border-pink from-pink/15 to-violet/10 shadow-pink/10 bg-linear-to-b shadow-lg'
          : 'border-line bg-surface hover:border-pink/40',
      )}
    >
      <input
        type="radio"
        name={group}
        value={plan.id}
        checked={checked}
        onChange={() => onSelect(plan.id)}
        className="sr-only"
        aria-labelledby={titleId}
        aria-describedby={detailsId}
      />
      {plan.bestChoice && (
        <span className="bg-accent absolute -top-3 start-4 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold text-white shadow-md lg:start-1/2 lg:-translate-x-1/2 rtl:lg:translate-x-1/2">
          <Crown className="h-3.5 w-3.5" aria-hidden />
          {t('plans.bestChoice')}
        </span>
      )}
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 lg:block">
          <span id={titleId} className="block text-base font-bold">
            {format.planName(plan.id)}
          </span>
          {plan.savePercent !== undefined ? (
            <span className="inline-block rounded-full bg-amber-300 px-2 text-xs leading-5 font-extrabold text-black lg:mt-1">
              {t('plans.save', { percent: plan.savePercent })}
            </span>
          ) : (
            // Keeps the prices of the row of cards level.
            <span className="mt-1 hidden h-5 lg:block" aria-hidden />
          )}
        </div>
        <span
          className={cn(
            'grid h-6 w-6 shrink-0 place-items-center rounded-full border-2',
            checked ? 'bg-accent border-transparent' : 'border-line',
          )}
          aria-hidden
        >
          {checked && <Check className="h-3.5 w-3.5 text-white" strokeWidth={3} />}
        </span>
      </div>
      <div id={detailsId} className="mt-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-3 lg:block">
        <div>
          <p className="tabular text-2xl leading-tight font-extrabold">{format.price(plan.priceCents)}</p>
          <p className="text-muted mt-0.5 text-xs">
            {monthly === undefined
              ? t('plans.oneTime')
              : t('plans.perMonth', { price: format.price(monthly) })}
          </p>
        </div>
        <ul className="grid gap-1 text-sm lg:border-line lg:mt-4 lg:border-t lg:pt-4">
          <li className="flex items-center gap-2 font-semibold">
            <Zap className="fill-pink text-pink h-4 w-4 shrink-0" aria-hidden />
            <span className="tabular">{format.credits(plan.credits)}</span>
          </li>
          <li className="text-muted flex items-center gap-2">
            <Clock className="h-4 w-4 shrink-0" aria-hidden />
            {t('plans.validFor', { count: plan.expiryDays })}
          </li>
        </ul>
      </div>
    </label>
  );
}
