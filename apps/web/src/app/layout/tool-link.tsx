import { ExternalLink } from 'lucide-react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import type { ToolLink } from '@/config/tools';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { Link } from '@/lib/router';
import { TOOL_ICONS } from './tool-icons';

/** The little "New" tag of external items (spec §2). */
export function NewTag() {
  const { t } = useTranslation();
  return (
    <span className="bg-accent rounded-full px-1.5 py-px text-[10px] leading-4 font-bold tracking-wide text-white uppercase">
      {t('nav.new')}
    </span>
  );
}

interface ToolLinkItemProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  item: ToolLink;
  onNavigate?: () => void;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A tools-menu entry: a route of the site, or an external address opened in a new tab. The
 * rest of the props (role, tabIndex, key handlers, ref) come from the menu item it renders as,
 * so the arrows and Enter work in the menu.
 */
export function ToolLinkItem({ item, className, onNavigate, onClick, ...rest }: ToolLinkItemProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const Icon = TOOL_ICONS[item.id];
  const body: ReactNode = (
    <>
      <span className="bg-surface-3 text-fg grid h-9 w-9 shrink-0 place-items-center rounded-xl">
        {Icon && <Icon className="h-[18px] w-[18px]" aria-hidden />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2 text-sm font-semibold">
          <span className="truncate">{t(`tools.${item.id}.name`)}</span>
          {item.kind === 'external' && <NewTag />}
        </span>
        <span className="text-muted block truncate text-xs">{t(`tools.${item.id}.desc`)}</span>
      </span>
      {item.kind === 'external' && (
        <ExternalLink className="text-faint h-4 w-4 shrink-0 rtl:-scale-x-100" aria-hidden />
      )}
    </>
  );
  const classes = cn(
    'hover:bg-surface-2 focus-visible:bg-surface-2 data-[highlighted]:bg-surface-2 flex items-center gap-3 rounded-2xl px-2.5 py-2 outline-none',
    className,
  );
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    onNavigate?.();
  };
  if (item.kind === 'external') {
    return (
      <a
        {...rest}
        href={appConfig.links[item.link]}
        target="_blank"
        rel="noopener noreferrer"
        className={classes}
        onClick={click}
      >
        {body}
      </a>
    );
  }
  return (
    <Link {...rest} to={getHref(locale, item.route)} className={classes} onClick={click}>
      {body}
    </Link>
  );
}
