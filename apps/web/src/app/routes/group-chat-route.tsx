import type { GroupMember } from '@lumi/contract';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { getHref } from '@/config/paths';
import { characterDialogStore, confirmDialog } from '@/features/characters/character-dialog-store';
import { CharacterDialogHost } from '@/features/characters/components/character-dialog-host';
import { BranchesSheet } from '@/features/chat/components/branch-tree';
import { ChatHeaderActions, ChatLoadFailed } from '@/features/chat/components/chat-header';
import { ChatView } from '@/features/chat/components/chat-view';
import { SpeakRow } from '@/features/chat/components/speak-row';
import { useChat } from '@/features/chat/hooks/use-chat';
import { useChatPage } from '@/features/chat/hooks/use-chat-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { isolate } from '@/lib/bidi';
import { formatList } from '@/lib/intl';
import { Link, Navigate, useNavigate, useRouteParams } from '@/lib/router';

const CHAT_OPTIONS = { onAdult: () => characterDialogStore.open({ kind: 'adult' }) };

function Face({ member, size = 36 }: { member: GroupMember; size?: number }) {
  return <Avatar src={member.head} size={size} className="ring-surface ring-2" />;
}

/** A group chat, once its address names a conversation. */
function GroupChat({ id, onMoved }: { id: string; onMoved: (conversationId: string) => void }) {
  const { t, i18n } = useTranslation('chat');
  const locale = useLocale();
  const source = useMemo(() => ({ kind: 'group' as const, conversationId: id }), [id]);
  const chat = useChat(source, 'nela-8b', CHAT_OPTIONS);
  const { settings, openSettings, askRestart } = useChatPage(chat, confirmDialog, t('group.restartBody'));
  const [branches, setBranches] = useState(false);
  const { members, conversation } = chat.state;
  const names = formatList(
    members.map((m) => m.name),
    i18n.language,
  );
  useDocumentTitle(members.length ? names : t('group.title'));

  // A branch, a switch or a restart shows another conversation of the group: the address follows.
  const shown = conversation?.id;
  useEffect(() => {
    if (shown && shown !== id) onMoved(shown);
  }, [shown, id, onMoved]);

  const byId = useMemo(() => new Map(members.map((m) => [m.id, m])), [members]);
  const speakerOf = useCallback(
    (characterId: number | null) => {
      const m = characterId === null ? undefined : byId.get(characterId);
      return m ? { avatar: <Face member={m} />, name: m.name } : undefined;
    },
    [byId],
  );
  const first = members[0];

  let body: ReactNode;
  if (chat.state.phase === 'loading') body = <div className="flex-1" aria-busy="true" />;
  else if (chat.state.phase !== 'ready') body = <ChatLoadFailed onRetry={chat.reload} />;
  else
    body = (
      <ChatView
        chat={chat}
        confirm={confirmDialog}
        avatar={first ? <Face member={first} /> : null}
        assistantName={names}
        placeholder={t('group.placeholder')}
        settingsOpen={settings}
        onSettingsOpenChange={openSettings}
        branching
        speakerOf={speakerOf}
        beforeComposer={<SpeakRow members={members} busy={chat.streaming} onSpeak={chat.speak} />}
      />
    );

  return (
    <div className="flex h-below-header flex-col" data-page="group-chat">
      <h1 className="sr-only">{t('group.with', { names: isolate(names) })}</h1>
      <div className="border-line/60 flex h-14 shrink-0 items-center gap-2 border-b px-2 sm:px-4">
        <Link
          to={getHref(locale, 'recentChats')}
          aria-label={t('back')}
          className="text-muted hover:bg-surface-2 hover:text-fg grid h-10 w-10 shrink-0 place-items-center rounded-full"
        >
          <ArrowLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
        </Link>
        <div className="flex shrink-0 -space-x-3 rtl:space-x-reverse" aria-hidden>
          {members.map((m) => (
            <Face key={m.id} member={m} size={32} />
          ))}
        </div>
        <div className="min-w-0 flex-1 ps-1" data-testid="group-header">
          <p dir="auto" className="truncate text-base leading-tight font-bold">
            <bdi>{names}</bdi>
          </p>
          <p className="text-muted truncate text-xs">{t('group.title')}</p>
        </div>
        <ChatHeaderActions
          onBranches={() => setBranches(true)}
          onSettings={() => openSettings(true)}
          onRestart={() => void askRestart()}
        />
      </div>
      {body}
      {shown && (
        <BranchesSheet
          open={branches}
          onOpenChange={setBranches}
          where={{ conversationId: shown }}
          characterName={(characterId) => speakerOf(characterId)?.name ?? names}
          shownId={shown}
          onSwitch={chat.switchTo}
        />
      )}
    </div>
  );
}

/**
 * /group-chat/{id}: a chat with two to four characters (issue 22). Each reply comes from the
 * character named in the message, else the next in turn; a tap on one lets it speak next.
 */
export default function GroupChatRoute() {
  const { id } = useRouteParams();
  const locale = useLocale();
  const navigate = useNavigate();
  // The conversations this chat moved to itself (a branch, a restart): no new chat for those.
  const [moved, setMoved] = useState<readonly string[]>([]);
  const [shownId, setShownId] = useState(id);
  if (id && id !== shownId && !moved.includes(id)) setShownId(id);
  const onMoved = useCallback(
    (next: string) => {
      setMoved((now) => [...now, next]);
      navigate(getHref(locale, 'groupChat', { id: next }), { replace: true });
    },
    [locale, navigate],
  );
  if (!shownId) return <Navigate to={getHref(locale, 'recentChats')} />;
  return (
    <>
      <GroupChat key={shownId} id={shownId} onMoved={onMoved} />
      <CharacterDialogHost />
    </>
  );
}
