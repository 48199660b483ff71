import type { Visibility } from '@lumi/contract';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { PlayButton } from '@/components/voice/play-button';
import { VoicePicker } from '@/components/voice/voice-picker';
import { useSharedPlayer } from '@/hooks/use-shared-player';
import { formatDay } from '@/lib/format';
import { shownVoices, useVoices } from '@/lib/get-voices';
import { useClonedVoices } from '../api/get-cloned-voices';

/**
 * The character's voice (issue 22): the default of its gender, one of the 17 presets (each with
 * its sample, the voice generator's picker), or, for a private character, one of the owner's
 * cloned voices.
 */
export function VoiceField({
  value,
  visibility,
  onChange,
}: {
  value: string;
  visibility: Visibility;
  onChange: (voiceId: string) => void;
}) {
  const { t } = useTranslation('create');
  const id = useId();
  const player = useSharedPlayer();
  const voices = useVoices();
  // Only a private character may have one: a public one lists none (the server refuses them).
  const shownClones = useClonedVoices(visibility === 'private').data ?? [];
  return (
    <div data-field="voiceId" data-testid="voice-field">
      <p id={`${id}-label`} className="text-sm font-semibold">
        {t('voice.label')}
      </p>
      <p className="text-muted mt-1 text-xs leading-relaxed">{t('voice.hint')}</p>
      <button
        type="button"
        aria-pressed={value === ''}
        onClick={() => onChange('')}
        data-testid="voice-default"
        className={cn(
          'mt-2 mb-2 inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors',
          value === '' ? 'border-pink/70 bg-pink/10' : 'border-line bg-surface-2 hover:border-faint',
        )}
      >
        {value === '' && <Check className="text-pink h-4 w-4" aria-hidden />}
        {t('voice.none')}
      </button>
      <VoicePicker
        voices={shownVoices(voices.data)}
        value={value}
        onChange={onChange}
        player={player}
        labelledBy={`${id}-label`}
      />
      {visibility === 'private' && shownClones.length > 0 && (
        <div className="mt-4">
          <p className="text-sm font-semibold">{t('voice.cloned')}</p>
          <p className="text-muted mt-1 text-xs">{t('voice.clonedHint')}</p>
          <ul className="mt-2 grid gap-2 min-[360px]:grid-cols-2">
            {shownClones.map((clone) => {
              const name = t('voice.clonedItem', { date: formatDay(clone.created_at) });
              const playing = player.playing?.id === `clone:${clone.id}` ? player.playing.status : null;
              const checked = clone.character_voice_id === value;
              return (
                <li key={clone.id} className="relative">
                  <button
                    type="button"
                    aria-pressed={checked}
                    onClick={() => onChange(clone.character_voice_id)}
                    className={cn(
                      'flex min-h-14 w-full items-center gap-2 rounded-2xl border p-3 pe-14 text-start text-sm font-semibold',
                      checked ? 'border-pink/70 bg-pink/10' : 'border-line bg-surface-2 hover:border-faint',
                    )}
                    data-testid="voice-clone"
                  >
                    {checked && <Check className="text-pink h-4 w-4 shrink-0" aria-hidden />}
                    {name}
                  </button>
                  <PlayButton
                    playing={playing}
                    onClick={() => player.toggle(`clone:${clone.id}`, clone.url)}
                    label={t(playing ? 'voice:voice.stop' : 'voice:voice.play', { name })}
                    className="absolute end-2 top-2"
                  />
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
