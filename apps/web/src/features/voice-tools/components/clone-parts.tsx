import { FileText, Mic, Upload, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Tabs } from '@/components/ui/tabs';
import { useBlobState, type WithUrl } from '../hooks/use-blob-url';
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

/** A cloning step's two takes: the last recording and the last chosen file, each kept apart. */
export function useTakes() {
  const [recording, setRecording] = useBlobState<Audio>();
  const [upload, setUpload] = useBlobState<Audio>();
  return { recording, setRecording, upload, setUpload };
}

export type Takes = ReturnType<typeof useTakes>;

/** The take of the chosen source, if any. */
export function takeOf(takes: Takes, source: ScriptSource): WithUrl<Audio> | null {
  return source === 'record' ? takes.recording : source === 'upload' ? takes.upload : null;
}

const SOURCE_ICONS: Record<ScriptSource, LucideIcon> = { text: FileText, record: Mic, upload: Upload };

/**
 * A cloning step's source: its tabs (typed text when `text` is given, a recording, a file), the
 * text's panel, the recorder and the file picker, each with the take kept to play, check and
 * remove.
 */
export function AudioSources<S extends ScriptSource>({
  idBase,
  label,
  value,
  onChange,
  text,
  role,
  active,
  maxSeconds,
  minSeconds,
  recordHint,
  uploadHint,
  takes,
}: {
  idBase: string;
  /** The tabs' name. */
  label: string;
  value: S;
  onChange: (source: S) => void;
  /** The typed text's panel, for a step that takes text too. */
  text?: ReactNode;
  role: Role;
  /** The step is shown: the recorder may hold the microphone. */
  active: boolean;
  maxSeconds: number;
  minSeconds?: number;
  recordHint: string;
  uploadHint: string;
  takes: Takes;
}) {
  const { t } = useTranslation('voice');
  const sources = (text === undefined ? ['record', 'upload'] : ['text', 'record', 'upload']) as S[];
  return (
    <>
      <Tabs<S>
        label={label}
        idBase={idBase}
        variant="fill"
        value={value}
        onChange={onChange}
        className="w-full sm:w-fit"
        items={sources.map((source) => {
          const Icon: LucideIcon = SOURCE_ICONS[source];
          return {
            value: source,
            label: t(`clone.source.${source}`),
            icon: <Icon className="h-4 w-4" aria-hidden />,
          };
        })}
      />
      {text !== undefined && (
        <SourcePanel idBase={idBase} source="text" current={value}>
          {text}
        </SourcePanel>
      )}
      <SourcePanel idBase={idBase} source="record" current={value}>
        <RecorderPanel
          name={role === 'reference' ? 'voice' : 'script'}
          maxSeconds={maxSeconds}
          {...(minSeconds === undefined ? {} : { minSeconds })}
          hint={recordHint}
          onTake={(take) => takes.setRecording(take)}
          active={active && value === 'record'}
          hasTake={takes.recording !== null}
        />
        <Take audio={takes.recording} source="record" role={role} onRemove={() => takes.setRecording(null)} />
      </SourcePanel>
      <SourcePanel idBase={idBase} source="upload" current={value}>
        <UploadPanel
          role={role}
          hint={uploadHint}
          onFile={(file) => takes.setUpload(file)}
          hasFile={takes.upload !== null}
          testId={`${role}-file`}
        />
        <Take audio={takes.upload} source="upload" role={role} onRemove={() => takes.setUpload(null)} />
      </SourcePanel>
    </>
  );
}

/** One source tab's panel (text, recording or upload), shown while its tab is chosen. */
function SourcePanel({
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
