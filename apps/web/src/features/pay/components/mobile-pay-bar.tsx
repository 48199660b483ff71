import type { Plan } from '@lumi/contract';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { PayFormat } from '../hooks/use-pay-format';

/**
 * Phones: while the pay buttons are still below the screen, a bar at the bottom shows the
 * chosen plan and takes the user to them (DESIGN.md: the main action always reachable).
 */
export function MobilePayBar({
  plan,
  format,
  target,
}: {
  plan: Plan;
  format: PayFormat;
  target: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('pay');
  const [below, setBelow] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);

  if (!below) return null;

  const go = () => {
    const element = target.current;
    if (!element) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'center' });
    element.querySelector('button')?.focus({ preventScroll: true });
  };

  return (
    <div className="animate-fade-in border-line bg-bg/90 fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-xl sm:hidden">
      <p className="min-w-0 flex-1">
        <span className="block truncate text-sm font-bold">{format.planName(plan.id)}</span>
        <span className="tabular text-muted block text-xs">
          {format.price(plan.priceCents)} · {format.credits(plan.credits)}
        </span>
      </p>
      <Button onClick={go}>{t('pay.buyNow')}</Button>
    </div>
  );
}
