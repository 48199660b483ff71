import type { BasedOn } from '@lumi/contract';
import { GitFork } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';

const name = 'text-fg font-semibold';

/**
 * One version a character is based on: "Based on X by Y" (or "Original: …"). The name links to
 * that character when the server gave its id (the viewer may open it); the names keep their own
 * direction in right-to-left text (`dir="auto"`, `<bdi>`). A hidden creator is left out.
 */
function Credit({ entry, kind }: { entry: BasedOn; kind: 'nearest' | 'original' }) {
  // The chat page's namespace (the character page is its chat): home loads `characters`, and
  // its weight is at the budget.
  const { t } = useTranslation('chat');
  const locale = useLocale();
  // (`char`, not `source`: i18next's HTML parser takes <source> for a void element.)
  const char =
    entry.id === null ? (
      <bdi className={name} />
    ) : (
      <Link
        to={getHref(locale, 'characterChat', { code: String(entry.id) })}
        dir="auto"
        className={cn(name, 'hover:text-pink underline decoration-1 underline-offset-2')}
      />
    );
  return (
    <Trans
      t={t}
      i18nKey={`basedOn.${kind}${entry.creator ? '' : 'Unnamed'}`}
      values={{ name: entry.name, creator: entry.creator }}
      components={{ char, creator: <bdi className={name} /> }}
    />
  );
}

/**
 * The credit line of a clone (issue 21): the version it was made from and, for a clone of a
 * clone, the original too. Nothing for an original character.
 */
export function BasedOnLine({ chain, className }: { chain: readonly BasedOn[]; className?: string }) {
  const nearest = chain.at(-1);
  if (!nearest) return null;
  const original = chain.length > 1 ? chain[0] : undefined;
  return (
    <div className={cn('text-muted text-sm leading-relaxed', className)} data-testid="based-on">
      <p className="flex items-start gap-1.5">
        <GitFork className="mt-[0.2rem] h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">
          <Credit entry={nearest} kind="nearest" />
        </span>
      </p>
      {original && (
        <p className="ps-5.5 text-xs break-words" data-testid="based-on-original">
          <Credit entry={original} kind="original" />
        </p>
      )}
    </div>
  );
}
