import { ErrorCode, type CharacterDetail, type MessagePage } from '@lumi/contract';
import { ArrowLeft, EyeOff, Flag, ShieldAlert } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportTrigger } from '@/components/report-trigger';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClass } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { getCharacter } from '@/features/characters/api/get-character';
import { characterDialogStore, confirmDialog } from '@/features/characters/character-dialog-store';
import { CharacterDialogHost } from '@/features/characters/components/character-dialog-host';
import { CharacterProfile } from '@/features/characters/components/character-profile';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { ApiError } from '@/lib/api-client';
import { Link, Navigate, useRouteParams } from '@/lib/router';
import { isGuest, signInRequests } from '@/lib/sign-in-request';
import { ChatHeaderActions, ChatLoadFailed } from '@/features/chat/components/chat-header';
import { BranchesSheet } from '@/features/chat/components/branch-tree';
import { CharacterGroups } from '@/features/chat/components/character-groups';
import { GroupPicker } from '@/features/chat/components/group-picker';
import { ChatView } from '@/features/chat/components/chat-view';
import { Sheet } from '@/features/chat/components/sheet';
import { useChat } from '@/features/chat/hooks/use-chat';
import { useChatPage } from '@/features/chat/hooks/use-chat-page';
import { useChatPictures } from '@/features/chat/hooks/use-chat-pictures';
import { getMessages } from '@/features/chat/api/get-messages';
import { isolate } from '@/lib/bidi';
import { settledValue } from '@/lib/tracked';
import { earlyAnswer, earlyKey, forgetEarly } from '../route-prefetch';

const onAdult = () => characterDialogStore.open({ kind: 'adult' });

function Unavailable({ kind }: { kind: 'adult' | 'removed' | 'missing' | 'failed' }) {
  const { t } = useTranslation('characters');
  const { t: tc } = useTranslation('chat');
  const locale = useLocale();
  const Icon = kind === 'adult' ? ShieldAlert : EyeOff;
  // A guest signs in first; the adult setting lives in the account's profile.
  const guest = isGuest();
  const title =
    kind === 'adult'
      ? t('adult.title')
      : kind === 'removed'
        ? t('card.removed')
        : kind === 'failed'
          ? tc('errors.load')
          : t('profile.missing');
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="character-unavailable">
      <Icon className="text-pink mx-auto h-12 w-12" aria-hidden />
      <h1 className="mt-5 text-xl font-bold text-balance">{title}</h1>
      {kind === 'adult' && (
        <p className="text-muted mt-2 text-sm leading-relaxed">
          {guest ? t('adult.guestBody') : t('adult.body')}
        </p>
      )}
      <div className="mt-6 flex justify-center gap-3">
        <Link to={getHref(locale, 'home')} className={buttonClass('secondary')}>
          {t('browse')}
        </Link>
        {kind === 'adult' &&
          (guest ? (
            <button type="button" className={buttonClass('primary')} onClick={() => signInRequests.request()}>
              {t('adult.signIn')}
            </button>
          ) : (
            <Link to={getHref(locale, 'profile')} className={buttonClass('primary')}>
              {t('adult.toProfile')}
            </Link>
          ))}
      </div>
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6" aria-busy="true">
      {[70, 45, 80].map((w, i) => (
        <div key={w} className={i % 2 ? 'flex justify-end' : 'flex gap-2.5'}>
          {i % 2 === 0 && <div className="bg-surface-2 h-9 w-9 animate-pulse rounded-full" />}
          <div className="bg-surface-2 h-16 animate-pulse rounded-2xl" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}

/** The chat itself, once the character is known to be visible to this user. */
function CharacterChat({
  character,
  messages,
  setCharacter,
}: {
  character: CharacterDetail;
  /** Its newest messages, asked for beside the character. */
  messages?: Promise<MessagePage> | undefined;
  setCharacter: (c: CharacterDetail) => void;
}) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const chat = useChat({ kind: 'character', characterId: character.id }, character.model, {
    onAdult,
    firstPage: messages,
  });
  const pictures = useChatPictures(chat.state.conversation?.id, onAdult);
  const { settings, openSettings, askRestart } = useChatPage(chat, confirmDialog, t('restart.body'));
  const [details, setDetails] = useState(false);
  const [branches, setBranches] = useState(false);
  const [grouping, setGrouping] = useState(false);
  const newGroup = useCallback(() => {
    setDetails(false);
    setGrouping(true);
  }, []);

  let body: ReactNode;
  if (chat.state.phase === 'loading') body = <ChatSkeleton />;
  else if (chat.state.phase === 'removed' || chat.state.phase === 'adult')
    body = <Unavailable kind={chat.state.phase} />;
  else if (chat.state.phase === 'failed') body = <ChatLoadFailed onRetry={chat.reload} />;
  else
    body = (
      <ChatView
        chat={chat}
        confirm={confirmDialog}
        avatar={<Avatar src={character.listHead} />}
        assistantName={character.name}
        placeholder={t('composer.placeholder', { name: isolate(character.name) })}
        settingsOpen={settings}
        onSettingsOpenChange={openSettings}
        branching
        pictures={pictures}
      />
    );

  return (
    <div className="flex h-below-header" data-page="character-chat">
      <section className="flex min-w-0 flex-1 flex-col" aria-label={t('chatWith', { name: character.name })}>
        <h1 className="sr-only">{t('chatWith', { name: character.name })}</h1>
        <div className="border-line/60 flex h-14 shrink-0 items-center gap-2 border-b px-2 sm:px-4">
          <Link
            to={getHref(locale, 'recentChats')}
            aria-label={t('back')}
            className="text-muted hover:bg-surface-2 hover:text-fg grid h-10 w-10 place-items-center rounded-full"
          >
            <ArrowLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          </Link>
          <button
            type="button"
            onClick={() => setDetails(true)}
            className="hover:bg-surface-2 flex min-w-0 flex-1 items-center gap-2.5 rounded-full py-1 pe-3 text-start lg:pointer-events-none"
            // Named by what it shows (the name and the by-line), as speech input users say it;
            // what it does is its description.
            aria-describedby="chat-header-details"
            data-testid="chat-header"
          >
            <Avatar src={character.listHead} size={36} />
            <span className="min-w-0">
              <span dir="auto" className="block truncate text-base leading-tight font-bold rtl:text-right">
                <bdi>{character.name}</bdi>
              </span>
              <span className="text-muted block truncate text-xs">
                {t('by', { name: isolate(character.creator) })}
              </span>
            </span>
          </button>
          <span id="chat-header-details" className="sr-only">
            {t('details', { name: character.name })}
          </span>
          <ChatHeaderActions
            onGroup={newGroup}
            onBranches={() => setBranches(true)}
            onSettings={() => openSettings(true)}
            onRestart={() => void askRestart()}
          />
          {!character.is_owner && (
            <ReportTrigger target={{ type: 'character', id: character.id, name: character.name }}>
              {({ label, onClick }) => (
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={label}
                  title={label}
                  onClick={onClick}
                  data-testid="chat-report"
                >
                  <Flag className="h-5 w-5" aria-hidden />
                </Button>
              )}
            </ReportTrigger>
          )}
        </div>
        {body}
      </section>
      <aside
        className="border-line/60 hidden w-80 shrink-0 overflow-y-auto border-s p-5 lg:block xl:w-96"
        aria-label={t('about', { name: character.name })}
      >
        <CharacterProfile character={character} onChange={setCharacter} />
        <CharacterGroups character={character} onNewGroup={newGroup} />
      </aside>
      <BranchesSheet
        open={branches}
        onOpenChange={setBranches}
        where={{ characterId: character.id }}
        characterName={character.name}
        shownId={chat.state.conversation?.id}
        onSwitch={chat.switchTo}
      />
      <Sheet open={details} onOpenChange={setDetails} title={character.name}>
        <CharacterProfile character={character} onChange={setCharacter} />
        <CharacterGroups character={character} onNewGroup={newGroup} />
      </Sheet>
      <GroupPicker
        open={grouping}
        onOpenChange={setGrouping}
        first={{ id: character.id, name: character.name, head: character.listHead }}
      />
    </div>
  );
}

interface ChatCharacter {
  character: CharacterDetail;
  /** Its newest messages, asked for beside the character. */
  messages?: Promise<MessagePage> | undefined;
}

const chatCharacterKey = (id: number) => ['chat', 'character', id] as const;

/** Why a character's chat cannot open, from the error of loading it. */
function unavailableKind(err: unknown): 'adult' | 'removed' | 'missing' {
  const c = err instanceof ApiError ? err.code : 0;
  return c === ErrorCode.NSFW_REQUIRED ? 'adult' : c === ErrorCode.CHARACTER_DELETED ? 'removed' : 'missing';
}

/** Loads the character, then its chat; keyed by id, so another character starts afresh. */
function CharacterChatLoader({ id }: { id: number }) {
  const { t } = useTranslation('characters');
  const queryClient = useQueryClient();
  // Asked for as the app started, if it opened here; what has arrived is shown in the first render.
  const [early] = useState(() => ({
    character: earlyAnswer<CharacterDetail>(earlyKey.character(id)),
    messages: earlyAnswer<MessagePage>(earlyKey.messages(id)),
  }));
  const queryKey = chatCharacterKey(id);
  // Each visit asks once (it counts as a chat visit): kept while shown, dropped when left.
  const { data, error } = useQuery({
    queryKey,
    queryFn: async (): Promise<ChatCharacter> => {
      // Both at once: the chat's messages need only the id (a hidden character refuses both).
      const messages = early.messages ?? getMessages({ characterId: id });
      messages.catch(() => undefined);
      const character = await (early.character ?? getCharacter(id, { fromChat: true, silent: true }));
      return { character, messages };
    },
    initialData: () => {
      const character = settledValue(early.character);
      return character ? { character, messages: early.messages } : undefined;
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(() => forgetEarly(earlyKey.character(id), earlyKey.messages(id)), [id]);

  const setCharacter = useCallback(
    (character: CharacterDetail) =>
      queryClient.setQueryData<ChatCharacter>(chatCharacterKey(id), { character }),
    [queryClient, id],
  );
  useDocumentTitle(data ? data.character.name : t('profile.title'));

  if (data)
    return <CharacterChat character={data.character} messages={data.messages} setCharacter={setCharacter} />;
  if (error) return <Unavailable kind={unavailableKind(error)} />;
  return (
    <div className="flex h-below-header flex-col">
      <div className="border-line/60 h-14 border-b" />
      <ChatSkeleton />
    </div>
  );
}

/**
 * /free-ai-Characters-chat/{code}: the chat with a character (issue 4), the character's profile
 * beside it on wide screens and in a drawer on phones. Opening it records a recent chat.
 */
export default function CharacterChatRoute() {
  const { code } = useRouteParams();
  const locale = useLocale();
  if (!code) return <Navigate to={getHref(locale, 'recentChats')} />;
  const id = Number(code);
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <>
      {valid ? <CharacterChatLoader key={id} id={id} /> : <Unavailable kind="missing" />}
      <CharacterDialogHost />
    </>
  );
}
