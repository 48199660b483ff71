import { chipById, DEFAULT_CHIP } from '@lumi/contract';
import { LogIn, ShieldAlert } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { appConfig } from '@/lib/app-config';
import { useSearchParams } from '@/lib/router';
import { listCharacters, type ListParams } from '../api/list-characters';
import { ChipsBar, NSFW_CHARS_TYPE } from '../components/chips-bar';
import { HubLayout } from '../components/hub-layout';
import { MarketingSection } from '../components/marketing-section';
import { usePagedList } from '../hooks/use-paged-list';
import { ListGrid } from './list-page';

function paramsFor(chipId: string): Omit<ListParams, 'page'> {
  if (chipId === NSFW_CHARS_TYPE) return { sort: 'dailyRandom', NSFW: true };
  const { filter } = chipById(chipId);
  if (filter.kind === 'sort') return { sort: filter.sort };
  if (filter.kind === 'gender') return { sort: 'dailyRandom', gender: filter.gender };
  return { sort: 'dailyRandom', tag: filter.tag };
}

/** The visitor's adult-content setting, and its switch (the app layer owns the session). */
export interface HomeAdult {
  /** No account: turning adult content on asks to sign in first. */
  guest: boolean;
  enabled: boolean;
  busy: boolean;
  /** The switch was pressed: on asks to sign in or to confirm 18+, off is at once. */
  onChange: (on: boolean) => void;
}

const NO_ADULT: HomeAdult = { guest: true, enabled: false, busy: false, onChange: () => undefined };

/** Show adult content: the account's setting (spec §6), toggled from home. */
function AdultSwitch({ adult }: { adult: HomeAdult }) {
  const { t } = useTranslation('characters');
  return (
    <label className="border-line bg-surface-2 inline-flex h-10 shrink-0 cursor-pointer items-center gap-2.5 rounded-full border ps-3.5 pe-1.5 text-sm font-semibold">
      <span>{t('adultSwitch.label')}</span>
      <button
        type="button"
        role="switch"
        aria-checked={adult.enabled}
        disabled={adult.busy}
        onClick={() => adult.onChange(!adult.enabled)}
        data-testid="adult-switch"
        className={cn(
          'relative h-7 w-12 shrink-0 rounded-full transition-colors duration-150 disabled:opacity-60',
          adult.enabled ? 'bg-pink' : 'bg-surface-3',
        )}
      >
        <span
          className={cn(
            'absolute top-1 h-5 w-5 rounded-full bg-white transition-[inset-inline-start] duration-150',
            adult.enabled ? 'start-6' : 'start-1',
          )}
        />
      </button>
    </label>
  );
}

/** The adult filter without the setting: nothing is asked of the server; the way to turn it on. */
function AdultGate({ adult }: { adult: HomeAdult }) {
  const { t } = useTranslation('characters');
  return (
    <div
      className="border-line bg-surface/60 rounded-3xl border px-6 py-12 text-center"
      data-testid="adult-gate"
    >
      <ShieldAlert className="text-pink mx-auto h-10 w-10" aria-hidden />
      <h2 className="mt-4 text-base font-bold">{t('adultGate.title')}</h2>
      <p className="text-muted mx-auto mt-2 max-w-md text-sm leading-relaxed text-pretty">
        {adult.guest ? t('adultGate.guestBody') : t('adultGate.body')}
      </p>
      <Button className="mt-6" disabled={adult.busy} onClick={() => adult.onChange(true)}>
        {adult.guest ? (
          <LogIn className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        ) : (
          <ShieldAlert className="h-4 w-4" aria-hidden />
        )}
        {adult.guest ? t('adult.signIn') : t('adultGate.turnOn')}
      </Button>
    </div>
  );
}

/** The list of a chip (or the adult filter): infinite scroll, likes, the empty state. */
function HomeList({ chip, adultEnabled }: { chip: string; adultEnabled: boolean }) {
  const { t } = useTranslation('characters');
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => listCharacters({ page, ...paramsFor(chip) }, signal),
    [chip],
  );
  // The setting changes what the list holds (veiled or not): it is another list.
  const list = usePagedList(`home:${chip}:${adultEnabled ? 'adult' : 'safe'}`, fetchPage);
  return (
    <ListGrid
      list={list}
      empty={{ title: t('list.emptyTitle'), body: t('list.emptyBody'), action: 'create' }}
    />
  );
}

/** The character home (spec §2): tabs, chips, the list with infinite scroll, marketing and FAQ. */
export default function CharacterHomePage({
  adult = NO_ADULT,
  chipNote,
}: {
  adult?: HomeAdult;
  /** Shown above a chip's list (the Multiple Characters chip's invitation to group chats). */
  chipNote?: (chip: string) => ReactNode;
}) {
  const { t } = useTranslation('characters');
  const [search] = useSearchParams();
  const charsType = search.get('charsType');
  const chip = charsType === NSFW_CHARS_TYPE ? NSFW_CHARS_TYPE : chipById(charsType ?? DEFAULT_CHIP).id;
  useDocumentTitle(t('home.title'));
  return (
    <HubLayout active="home">
      <div data-page="home">
        <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-extrabold tracking-tight sm:text-2xl">{t('home.title')}</h1>
            <p className="text-muted mt-1 text-sm">
              {t('home.subtitle', { count: appConfig.dailyFreeCredits })}
            </p>
          </div>
          <AdultSwitch adult={adult} />
        </header>
        <div className="bg-bg/85 sticky top-14 z-10 -mx-3 mb-4 px-3 py-2 backdrop-blur sm:top-16 sm:-mx-6 sm:px-6">
          <ChipsBar active={chip} />
        </div>
        {chipNote?.(chip)}
        {chip === NSFW_CHARS_TYPE && !adult.enabled ? (
          <AdultGate adult={adult} />
        ) : (
          <HomeList chip={chip} adultEnabled={adult.enabled} />
        )}
        <MarketingSection />
      </div>
    </HubLayout>
  );
}
