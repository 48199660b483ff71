import { LOCALES, switchLocalePath, type Locale } from '@lumi/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { i18next, i18nLanguage } from '@/lib/i18n';
import { useNavigate, usePathname, useSearch } from '@/lib/router';
import { StorageKey, writeLocal } from '@/lib/storage';
import { LanguageSwitcherTrigger, type LanguageSwitcherProps } from './language-switcher-trigger';

/** Stores the choice and moves to the same page under the chosen locale's prefix (spec §2). */
export function useSwitchLocale() {
  const navigate = useNavigate();
  const pathname = usePathname();
  const search = useSearch();
  return async (next: Locale) => {
    writeLocal(StorageKey.locale, next);
    // Load the language's texts first, so the page never flashes untranslated keys.
    await i18next.loadLanguages(i18nLanguage(next));
    navigate(switchLocalePath(pathname, next) + search + window.location.hash);
  };
}

/** The language menu, loaded on first use; mounts open. */
export default function LanguageSwitcherRadix({ variant = 'icon', side = 'bottom' }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <LanguageSwitcherTrigger variant={variant} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={side}
          align="end"
          sideOffset={8}
          className="animate-pop-in border-line bg-surface z-50 max-h-[70vh] min-w-52 overflow-y-auto rounded-2xl border p-1.5 shadow-2xl shadow-black/50"
        >
          <DropdownMenu.Label className="text-faint px-3 pt-1.5 pb-1 text-xs font-bold tracking-wider uppercase">
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={locale}
            onValueChange={(value) => void switchLocale(value as Locale)}
          >
            {LOCALES.map((l) => (
              <DropdownMenu.RadioItem
                key={l.code}
                value={l.code}
                lang={l.htmlLang}
                dir={l.dir}
                className="data-[highlighted]:bg-surface-2 flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm outline-none"
              >
                <span className="flex-1 text-start">{l.label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="text-pink h-4 w-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
