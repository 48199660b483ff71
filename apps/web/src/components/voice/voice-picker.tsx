import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { Voice } from '@/lib/get-voices';
import type { SharedPlayer } from '@/hooks/use-shared-player';
import { PlayButton } from './play-button';

/**
 * The 17 preset voices as one radio group (native radios: arrow keys move the choice), each
 * card with its details and a button that plays its sample.
 */
export function VoicePicker({
  voices,
  value,
  onChange,
  player,
  labelledBy,
  disabled,
}: {
  voices: readonly Voice[];
  value: string;
  onChange: (voiceId: string) => void;
  player: SharedPlayer;
  labelledBy: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:gap-3 xl:grid-cols-3"
      data-testid="voice-picker"
    >
      {voices.map((voice) => (
        <VoiceCard
          key={voice.voice_id}
          voice={voice}
          group={name}
          checked={voice.voice_id === value}
          onCheck={() => onChange(voice.voice_id)}
          player={player}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

function VoiceCard({
  voice,
  group,
  checked,
  onCheck,
  player,
  disabled,
}: {
  voice: Voice;
  group: string;
  checked: boolean;
  onCheck: () => void;
  player: SharedPlayer;
  disabled?: boolean;
}) {
  const { t } = useTranslation('voice');
  const id = useId();
  const playing = player.playing?.id === `sample:${voice.voice_id}` ? player.playing.status : null;
  return (
    <div className="relative" data-testid={`voice-${voice.voice_id}`}>
      <input
        type="radio"
        id={id}
        name={group}
        value={voice.voice_id}
        checked={checked}
        onChange={onCheck}
        disabled={disabled}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-meta ${id}-desc`}
        className="peer absolute inset-0 z-0 h-full w-full cursor-pointer appearance-none rounded-2xl opacity-0 disabled:cursor-default"
      />
      <label
        htmlFor={id}
        className={cn(
          'border-line bg-surface-2 flex h-full cursor-pointer flex-col gap-1.5 rounded-2xl border p-3 transition-colors duration-150',
          'peer-hover:border-faint peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[#c4b5fd]',
          'peer-checked:border-pink/70 peer-checked:bg-pink/10 peer-disabled:cursor-default',
        )}
      >
        <span className="flex min-h-10 min-w-0 items-center gap-2.5 pe-11">
          <span
            className={cn(
              'hidden h-9 w-9 shrink-0 place-items-center rounded-full text-sm font-bold sm:grid',
              checked ? 'bg-accent text-white' : 'bg-surface-3 text-muted',
            )}
            aria-hidden
          >
            {checked ? <Check className="h-4 w-4" /> : voice.name.slice(0, 1)}
          </span>
          <bdi id={`${id}-name`} className="flex min-w-0 items-center gap-1.5 text-base font-bold" dir="ltr">
            <span className="truncate">{voice.name}</span>
            {checked && <Check className="text-pink h-4 w-4 shrink-0 sm:hidden" aria-hidden />}
          </bdi>
        </span>
        <span id={`${id}-meta`} className="text-muted text-xs leading-snug">
          {t('voice.meta', {
            gender: t(`gender.${voice.gender}`),
            age: t(`age.${voice.age}`),
            accent: t(`accent.${voice.accent}`),
          })}
        </span>
        <span id={`${id}-desc`} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <span className="bg-surface-3 text-fg/90 rounded-full px-2 py-0.5 font-semibold">
            {t(`useCase.${voice.use_case}`)}
          </span>
          <span className="text-muted">{t(`voices.${voice.voice_id}.description`)}</span>
        </span>
      </label>
      <PlayButton
        playing={playing}
        onClick={() => player.toggle(`sample:${voice.voice_id}`, voice.preview_url)}
        disabled={!voice.preview_url}
        label={t(playing ? 'voice.stop' : 'voice.play', { name: voice.name })}
        className="absolute end-2.5 top-2.5 z-10 disabled:opacity-40"
        testId="voice-sample"
      />
    </div>
  );
}
