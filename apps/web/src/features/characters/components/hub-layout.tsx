import { Clock, Heart, House, Plus, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { getHref, type RouteName } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { CharacterDialogHost } from './character-dialog-host';

export type HubTab = 'home' | 'recentChats' | 'myCharacters' | 'likedCharacters';

const TABS: { id: HubTab; route: RouteName; icon: typeof House; order: string; iconOnlyOnPhone: boolean }[] =
  [
    { id: 'home', route: 'home', icon: House, order: 'order-1', iconOnlyOnPhone: false },
    // Phones put My Characters before Recent Chats, and show Likes and Recent as icons (spec §2).
    {
      id: 'recentChats',
      route: 'recentChats',
      icon: Clock,
      order: 'order-3 md:order-2',
      iconOnlyOnPhone: true,
    },
    {
      id: 'myCharacters',
      route: 'myCharacters',
      icon: UserRound,
      order: 'order-2 md:order-3',
      iconOnlyOnPhone: false,
    },
    { id: 'likedCharacters', route: 'likedCharacters', icon: Heart, order: 'order-4', iconOnlyOnPhone: true },
  ];

/**
 * A tab of the hub: a link to its page with its icon, marked as the page shown when it is. The
 * sidebar and the tab bar each draw it their way: `look` gives the link's and the icon's classes.
 */
function TabLink({
  tab,
  active,
  look,
  children,
  ...props
}: {
  tab: (typeof TABS)[number];
  active: HubTab;
  look: (selected: boolean) => { link: string; icon: string };
  children: ReactNode;
  'aria-label'?: string | undefined;
}) {
  const locale = useLocale();
  const Icon = tab.icon;
  const selected = tab.id === active;
  const { link, icon } = look(selected);
  return (
    <Link
      to={getHref(locale, tab.route)}
      aria-current={selected ? 'page' : undefined}
      className={link}
      {...props}
    >
      <Icon className={icon} aria-hidden />
      {children}
    </Link>
  );
}

/** The character pages' frame: the sidebar on large screens, the tabs and the create button. */
export function HubLayout({ active, children }: { active: HubTab; children: ReactNode }) {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  return (
    <div className="mx-auto flex max-w-[1440px] gap-6 px-3 pt-4 pb-10 sm:px-6">
      <aside
        className="sticky top-20 hidden w-52 shrink-0 self-start lg:block"
        aria-label={t('sidebar.label')}
      >
        <nav className="flex flex-col gap-1">
          {[TABS[0], TABS[2], TABS[3], TABS[1]].map(
            (tab) =>
              tab && (
                <TabLink
                  key={tab.id}
                  tab={tab}
                  active={active}
                  look={(selected) => ({
                    link: cn(
                      'flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition-colors',
                      selected ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface hover:text-fg',
                    ),
                    icon: cn('h-4.5 w-4.5', selected && 'text-pink'),
                  })}
                >
                  {t(`tabs.${tab.id}`)}
                </TabLink>
              ),
          )}
          <Link
            to={getHref(locale, 'createCharacter')}
            className={buttonClass('primary', 'md', 'mt-3 w-full')}
          >
            <Plus className="h-4 w-4" aria-hidden />
            {t('create')}
          </Link>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mb-4 flex items-center gap-2">
          <nav
            aria-label={t('tabs.label')}
            className="flex min-w-0 flex-1 items-center gap-0.5 overflow-x-auto [scrollbar-width:none] sm:gap-2 [&::-webkit-scrollbar]:hidden"
          >
            {TABS.map((tab) => (
              <TabLink
                key={tab.id}
                tab={tab}
                active={active}
                aria-label={tab.iconOnlyOnPhone ? t(`tabs.${tab.id}`) : undefined}
                look={(selected) => ({
                  link: cn(
                    tab.order,
                    'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:gap-2 sm:px-4',
                    selected ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
                  ),
                  icon: cn('h-4 w-4', selected && 'text-pink'),
                })}
              >
                <span className={tab.iconOnlyOnPhone ? 'hidden md:inline' : undefined}>
                  {t(`tabs.${tab.id}`)}
                </span>
              </TabLink>
            ))}
          </nav>
          <Link
            to={getHref(locale, 'createCharacter')}
            className={buttonClass('primary', 'sm', 'lg:hidden')}
            data-testid="create-character"
          >
            <Plus className="h-4 w-4" aria-hidden />
            <span className="hidden min-[400px]:inline">{t('createShort')}</span>
            <span className="sr-only min-[400px]:hidden">{t('create')}</span>
          </Link>
        </div>
        {children}
      </div>
      <CharacterDialogHost />
    </div>
  );
}
