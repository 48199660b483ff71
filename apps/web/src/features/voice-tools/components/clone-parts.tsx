import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { WithUrl } from '../hooks/use-blob-url';
import { formatDuration } from '../lib/format';
import type { ScriptSource } from '../lib/saved-state';
import { AudioTake } from './audio-take';
import { RecorderPanel } from './recorder-panel';
import { UploadPanel } from './upload-panel';

/** A recording or a chosen file, for a cloning step. */
export interface Audio {
  blob: Blob;
  name: string;
  seconds: number | null;
}

type Role = 'reference' | 'script';

/**
 * A cloning step's audio, recorded or uploaded: the recorder and the file picker, each in its
 * source tab's panel, with the take kept to play, check and remove.
 */
export function AudioSources({
  idBase,
  current,
  role,
  active,
  maxSeconds,
  minSeconds,
  recordHint,
  uploadHint,
  recording,
  upload,
  onRecording,
  onUpload,
}: {
  idBase: string;
  current: string;
  role: Role;
  /** The step is shown: the recorder may hold the microphone. */
  active: boolean;
  maxSeconds: number;
  minSeconds?: number;
  recordHint: string;
  uploadHint: string;
  recording: WithUrl<Audio> | null;
  upload: WithUrl<Audio> | null;
  onRecording: (audio: Audio | null) => void;
  onUpload: (audio: Audio | null) => void;
}) {
  return (
    <>
      <SourcePanel idBase={idBase} source="record" current={current}>
        <RecorderPanel
          name={role === 'reference' ? 'voice' : 'script'}
          maxSeconds={maxSeconds}
          {...(minSeconds === undefined ? {} : { minSeconds })}
          hint={recordHint}
          onTake={(take) => onRecording(take)}
          active={active && current === 'record'}
          hasTake={recording !== null}
        />
        <Take audio={recording} source="record" role={role} onRemove={() => onRecording(null)} />
      </SourcePanel>
      <SourcePanel idBase={idBase} source="upload" current={current}>
        <UploadPanel
          role={role}
          hint={uploadHint}
          onFile={(file) => onUpload(file)}
          hasFile={upload !== null}
          testId={`${role}-file`}
        />
        <Take audio={upload} source="upload" role={role} onRemove={() => onUpload(null)} />
      </SourcePanel>
    </>
  );
}

/** One source tab's panel (text, recording or upload), shown while its tab is chosen. */
export function SourcePanel({
  idBase,
  source,
  current,
  children,
}: {
  idBase: string;
  source: ScriptSource;
  current: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idBase}-panel-${source}`}
      aria-labelledby={`${idBase}-tab-${source}`}
      hidden={current !== source}
      className="grid min-w-0 gap-3"
    >
      {children}
    </div>
  );
}

/** The recording or file taken for a step, to play, check and remove. */
function Take({
  audio,
  source,
  role,
  onRemove,
}: {
  audio: WithUrl<Audio> | null;
  source: 'record' | 'upload';
  role: Role;
  onRemove: () => void;
}) {
  if (!audio) return null;
  return <AudioTake take={{ ...audio, source }} role={role} onRemove={onRemove} testId={`${role}-take`} />;
}

/** "voice.wav · 0:15", or "Your recording · 0:15". */
export function describe(audio: WithUrl<Audio>, recorded: boolean, recordedLabel: string): string {
  const time = audio.seconds === null ? null : formatDuration(audio.seconds);
  const name = recorded ? recordedLabel : audio.name;
  return time ? `${name} · ${time}` : name;
}

/** A line of the last step's summary: what was chosen, or what is missing, and Edit. */
export function SummaryRow({
  label,
  value,
  missing,
  onEdit,
  edit,
}: {
  label: string;
  value: string | null;
  missing: string;
  onEdit: () => void;
  edit: string;
}) {
  return (
    <li className="flex min-w-0 items-center gap-3 px-3 py-2.5">
      <p className="min-w-0 flex-1">
        <span className="text-muted block text-xs font-semibold">{label}</span>
        <span
          className={cn('block truncate text-sm contain-inline-size', value ? 'text-fg' : 'text-amber-200')}
        >
          {value ? <bdi>{value}</bdi> : missing}
        </span>
      </p>
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`${edit}: ${label}`}>
        {edit}
      </Button>
    </li>
  );
}
