import { Loader2, Upload } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '@/components/ui/alert-text';
import { cn } from '@/components/ui/cn';
import { readDuration } from '../lib/audio';
import { AUDIO_ACCEPT, checkAudioFile, MAX_BYTES, type AudioRole } from '../lib/files';
import { megabytes } from '../lib/format';

export interface ChosenFile {
  blob: File;
  name: string;
  seconds: number | null;
}

/**
 * Picks an audio file (button or drop): too large or plainly not audio is told at once; the
 * length is read by the browser's player from the file's metadata.
 */
export function UploadPanel({
  role,
  hint,
  onFile,
  hasFile,
  testId,
}: {
  role: AudioRole;
  hint: string;
  onFile: (file: ChosenFile) => void;
  hasFile: boolean;
  testId: string;
}) {
  const { t } = useTranslation('voice');
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [over, setOver] = useState(false);
  const mb = megabytes(MAX_BYTES[role]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = checkAudioFile(file, role);
    if (found) {
      setProblem(
        found.kind === 'tooLarge'
          ? t('upload.tooLarge', { mb: megabytes(found.maxBytes) })
          : t('upload.notAudio'),
      );
      return;
    }
    setProblem(null);
    setReading(true);
    const seconds = await readDuration(file);
    setReading(false);
    onFile({ blob: file, name: file.name, seconds });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-2">
      <label
        htmlFor={id}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          'border-line bg-surface-2 hover:border-faint flex cursor-pointer flex-col items-center gap-2 rounded-2xl border border-dashed px-4 py-6 text-center transition-colors duration-150',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[#c4b5fd]',
          over && 'border-pink bg-pink/10',
        )}
      >
        <span className="bg-surface-3 text-pink grid h-11 w-11 place-items-center rounded-full">
          {reading ? (
            <Loader2 className="h-5 w-5 animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <Upload className="h-5 w-5" aria-hidden />
          )}
        </span>
        <span className="text-sm font-semibold">{hasFile ? t('upload.replace') : t('upload.choose')}</span>
        <span className="text-muted text-xs">
          {t('upload.formats', { mb })} · {hint}
        </span>
        <input
          id={id}
          type="file"
          accept={AUDIO_ACCEPT}
          className="sr-only"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid={testId}
        />
      </label>
      <AlertText message={problem} id={`${id}-problem`} testId={`${testId}-problem`} />
    </div>
  );
}
