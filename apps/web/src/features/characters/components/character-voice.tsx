import { defaultVoiceFor, voiceById, type CharacterDetail } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/speech';
import { AudioLines } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlayButton } from '@/components/voice/play-button';
import { useSharedPlayer } from '@/hooks/use-shared-player';

/**
 * The character's voice on its page (issue 22): the preset's name with its sample to play, or
 * the default voice of its gender, or "Cloned voice" (a private character's, its owner's alone).
 */
export function CharacterVoice({ character: c }: { character: CharacterDetail }) {
  const { t } = useTranslation('characters');
  const player = useSharedPlayer();
  // A cloned voice has no preset; no voice set speaks in the default one.
  const preset = voiceById(c.voice_id ?? defaultVoiceFor(c.gender));
  let name = t('voice.cloned');
  if (preset) name = c.voice_id ? preset.name : t('voice.default', { name: preset.name });
  const sample = `sample:${preset?.voice_id ?? ''}`;
  const playing = player.playing?.id === sample ? player.playing.status : null;
  return (
    <div className="mt-3 flex items-center gap-2 text-sm" data-testid="character-voice">
      <AudioLines className="text-pink h-4 w-4 shrink-0" aria-hidden />
      <span className="text-muted">{t('voice.title')}</span>
      <bdi className="min-w-0 truncate font-semibold">{name}</bdi>
      {preset && (
        <PlayButton
          playing={playing}
          onClick={() => player.toggle(sample, API.voicePreview.path.replace(':voiceId', preset.voice_id))}
          label={t(playing ? 'voice.stop' : 'voice.play', { name: preset.name })}
          className="h-10 w-10 shrink-0"
          testId="character-voice-sample"
        />
      )}
    </div>
  );
}
