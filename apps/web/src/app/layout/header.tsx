import { LogoMark } from '@/components/ui/logo';
import { getHref } from '@/config/paths';
import { CreditsCounter } from '@/features/credits/components/credits-counter';
import { SignInButton } from '@/features/session/components/sign-in-button';
import { startSession } from '@/features/session/session';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { Link } from '@/lib/router';
import { HeaderSearch } from './header-search';
import { LanguageSwitcher } from './language-switcher';
import { MobileDrawer } from './mobile-drawer';
import { ToolsMenu } from './tools-menu';

/** Header of spec §2: logo, tools, search (some pages), credits, sign-in, language. */
export function Header({ showSearch }: { showSearch: boolean }) {
  const locale = useLocale();
  return (
    <header className="border-line/60 bg-bg/80 sticky top-0 z-40 border-b backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-[1440px] items-center gap-1.5 px-2 sm:gap-2 sm:px-6">
        <MobileDrawer />
        <Link
          to={getHref(locale, 'home')}
          className="me-1 flex shrink-0 items-center gap-2 rounded-xl"
          aria-label={appConfig.siteName}
        >
          <LogoMark className="h-8 w-8" />
          <span className="hidden text-lg font-extrabold tracking-tight sm:inline">{appConfig.siteName}</span>
        </Link>
        <ToolsMenu />
        <div className="min-w-0 flex-1" />
        {showSearch && <HeaderSearch />}
        <CreditsCounter ready={startSession} />
        <SignInButton />
        <LanguageSwitcher />
      </div>
    </header>
  );
}
