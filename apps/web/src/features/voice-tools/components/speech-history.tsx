import { voiceById, type SpeechHistoryItem } from '@lumi/contract';
import { Download, History, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/toast';
import { useSpeechHistory } from '../api/get-speech-history';
import type { SharedPlayer } from '@/hooks/use-shared-player';
import { audioFileName, formatDuration, intlLocale } from '../lib/format';
import { PlayButton } from '@/components/voice/play-button';

/**
 * The caller's recent audio of one kind (spoken texts, or clones), playable and downloadable;
 * the one just made is listed too (the history is read again once it is made).
 */
export function SpeechHistory({ kind, player }: { kind: SpeechHistoryItem['kind']; player: SharedPlayer }) {
  const { t } = useTranslation('voice');
  const history = useSpeechHistory();
  const items = (history.data ?? []).filter((item) => item.kind === kind);
  const headingId = `speech-history-${kind}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3" data-testid="speech-history">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <History className="text-pink h-5 w-5" aria-hidden />
        {t(kind === 'speech' ? 'history.heading' : 'history.cloneHeading')}
      </h2>
      <ListStates
        query={history}
        count={items.length}
        skeleton={{ count: 3, className: 'grid gap-2', item: 'h-16' }}
        failed={t('history.failed')}
        retry={t('common:actions.retry')}
        empty={t(kind === 'speech' ? 'history.empty' : 'history.cloneEmpty')}
        emptyClassName="py-6 text-pretty"
      >
        <ul className="grid min-w-0 gap-2">
          {items.map((item) => (
            <HistoryRow key={item.id} item={item} player={player} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

function HistoryRow({ item, player }: { item: SpeechHistoryItem; player: SharedPlayer }) {
  const { t, i18n } = useTranslation('voice');
  const [saving, setSaving] = useState(false);
  const id = `history:${item.id}`;
  const playing = player.playing?.id === id ? player.playing.status : null;
  const name =
    item.kind === 'voice_clone'
      ? t('history.clonedVoice')
      : (voiceById(item.voice_id ?? '')?.name ?? item.voice_id ?? '');
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(item.created_at);
  const length = formatDuration(item.seconds);
  const fileName = audioFileName(
    item.kind === 'voice_clone' ? 'clone' : (item.voice_id ?? 'audio'),
    item.created_at,
    item.format,
  );

  const save = async () => {
    setSaving(true);
    try {
      await downloadFile(item.url, fileName);
    } catch {
      notify('error', t('history.downloadFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <li
      className="border-line bg-surface flex min-w-0 items-center gap-3 rounded-2xl border px-3 py-2.5"
      data-testid="history-item"
    >
      <PlayButton
        playing={playing}
        onClick={() => player.toggle(id, item.url)}
        label={`${t(playing ? 'history.pause' : 'history.play')}: ${name}`}
        className="shrink-0"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <bdi className="font-semibold">{name}</bdi>
          <span className="text-muted tabular text-xs">
            {length && <span dir="ltr">{length}</span>}
            {length && ' · '}
            <time dateTime={new Date(item.created_at).toISOString()}>{when}</time>
          </span>
          {item.preview && (
            <span className="bg-surface-3 text-muted rounded-full px-2 py-0.5 text-[0.6875rem] font-semibold">
              {t('history.offline')}
            </span>
          )}
        </p>
        <p className="text-muted truncate text-xs contain-inline-size" dir="auto">
          {item.text || t('history.scriptRecording')}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => void save()}
        disabled={saving}
        aria-label={`${t('history.download')}: ${name}`}
        title={t('history.download')}
      >
        {saving ? (
          <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
        ) : (
          <Download className="h-4 w-4" aria-hidden />
        )}
      </Button>
    </li>
  );
}
