import { lazy } from 'react';
import { OnDemand } from '@/components/ui/on-demand';
import { LanguageSwitcherTrigger, type LanguageSwitcherProps } from './language-switcher-trigger';

const load = () => import('./language-switcher-radix');
const LanguageSwitcherRadix = lazy(load);

/** Language switcher: stores the choice and rewrites the route's locale (spec §2). */
export function LanguageSwitcher({ variant = 'icon', side = 'bottom' }: LanguageSwitcherProps) {
  return (
    <OnDemand
      component={LanguageSwitcherRadix}
      preload={load}
      props={{ variant, side }}
      standIn={(handlers) => <LanguageSwitcherTrigger variant={variant} {...handlers} />}
    />
  );
}
