import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { cn } from '@/components/ui/cn';
import type { AudioFormatChoice } from '../lib/saved-state';

const FORMATS: readonly AudioFormatChoice[] = ['mp3', 'wav'];

/** MP3 or WAV, as two native radios drawn as a segmented control. */
export function FormatChoice({
  value,
  onChange,
  disabled,
}: {
  value: AudioFormatChoice;
  onChange: (value: AudioFormatChoice) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('voice');
  return (
    <ChoiceGroup
      legend={t('format.label')}
      legendClassName="mb-2 text-sm font-semibold"
      className="grid gap-2"
      gridClassName="grid grid-cols-2 gap-2"
      disabled={disabled}
    >
      {(name) =>
        FORMATS.map((format) => (
          <label key={format} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={format}
              checked={value === format}
              onChange={() => onChange(format)}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-2xl opacity-0"
            />
            <span
              className={cn(
                'border-line bg-surface-2 flex h-full flex-col rounded-2xl border px-3 py-2 transition-colors duration-150',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[#c4b5fd]',
                'peer-checked:border-pink/70 peer-checked:bg-pink/10 peer-hover:border-faint',
              )}
            >
              <span className="text-sm font-bold">{t(`format.${format}`)}</span>
              <span className="text-muted text-xs">{t(`format.${format}Hint`)}</span>
            </span>
          </label>
        ))
      }
    </ChoiceGroup>
  );
}
