import { LOCALES } from '@lumi/contract';
import { ChevronDown, Globe } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useLocale } from '@/hooks/use-locale';

export interface LanguageSwitcherProps {
  /** 'icon' in the header, 'full' in the footer. */
  variant?: 'icon' | 'full';
  side?: 'top' | 'bottom';
}

export function LanguageSwitcherTrigger({
  variant = 'icon',
  ...props
}: ComponentProps<'button'> & { variant?: LanguageSwitcherProps['variant'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const current = LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className={cn(
        'text-fg hover:bg-surface-2 data-[state=open]:bg-surface-2 inline-flex shrink-0 items-center rounded-full',
        variant === 'icon'
          ? 'h-10 w-10 justify-center lg:w-auto lg:gap-1.5 lg:px-3'
          : 'border-line h-10 gap-2 border px-3.5',
      )}
      aria-label={`${t('language.choose')}: ${current.label}`}
      data-testid={`language-switcher-${variant}`}
      {...props}
    >
      <Globe className="h-5 w-5" aria-hidden />
      <span className={cn('text-sm font-semibold', variant === 'icon' && 'hidden lg:inline')}>
        {current.label}
      </span>
      {variant === 'full' && <ChevronDown className="h-4 w-4 opacity-70" aria-hidden />}
    </button>
  );
}
