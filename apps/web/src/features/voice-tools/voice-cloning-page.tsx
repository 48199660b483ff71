import { COSTS, ErrorCode, SPEECH_LIMITS } from '@lumi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, AudioWaveform, FileText, Mic, Upload, WandSparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/components/ui/submit-button';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { cloneVoice, type CloneInput } from './api/clone-voice';
import { speechHistoryQueryKey } from './api/get-speech-history';
import { AudioTake } from './components/audio-take';
import { FormatChoice } from './components/format-choice';
import { Note } from './components/note';
import { PageHeader } from './components/page-header';
import { RecorderPanel } from './components/recorder-panel';
import { ResultPanel, type AudioResult } from './components/result-panel';
import { SpeechHistory } from './components/speech-history';
import { Stepper, type StepperItem } from '@/components/ui/stepper';
import { Tabs } from '@/components/ui/tabs';
import { TextField } from './components/text-field';
import { UploadPanel } from './components/upload-panel';
import { useBlobState, type WithUrl } from './hooks/use-blob-url';
import { useSharedPlayer } from './hooks/use-shared-player';
import { audioFileName, formatDuration, formatOfType } from './lib/format';
import { failureText, revealOnPhones } from './lib/page';
import {
  loadCloneForm,
  saveCloneForm,
  type CloneForm,
  type CloneStep,
  type ReferenceSource,
  type ScriptSource,
} from './lib/saved-state';

interface Audio {
  blob: Blob;
  name: string;
  seconds: number | null;
}

type Cloned = Omit<AudioResult, 'url'> & { blob: Blob; jobId: string | null };

const STEPS: readonly CloneStep[] = [1, 2, 3];

/**
 * /free-ai-voice-cloning (spec §2, 3 steps): the voice to clone (recorded or uploaded, 10-20 s),
 * the script (typed, recorded or uploaded, at most a minute), then consent and Clone; the result
 * to play and download, and the recent clones. The steps, sources and text are kept for the
 * tab's session; files cannot be, and recordings and files stay while the user moves between
 * steps.
 */
export default function VoiceCloningPage() {
  const { t } = useTranslation('voice');
  const title = t('common:tools.voiceClone.name');
  useDocumentTitle(title);
  const queryClient = useQueryClient();
  const formId = useId();
  const sourceTab = <S extends ScriptSource>(value: S, Icon: typeof Mic) => ({
    value,
    label: t(`clone.source.${value}`),
    icon: <Icon className="h-4 w-4" aria-hidden />,
  });
  const SOURCE = {
    text: sourceTab('text', FileText),
    record: sourceTab('record', Mic),
    upload: sourceTab('upload', Upload),
  };
  const idBase = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const controller = useRef<AbortController | null>(null);

  const [form, setForm] = useState<CloneForm>(loadCloneForm);
  const [referenceRecording, setReferenceRecording] = useBlobState<Audio>();
  const [referenceUpload, setReferenceUpload] = useBlobState<Audio>();
  const [scriptRecording, setScriptRecording] = useBlobState<Audio>();
  const [scriptUpload, setScriptUpload] = useBlobState<Audio>();
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useBlobState<Cloned>();
  const player = useSharedPlayer();

  useEffect(() => saveCloneForm(form), [form]);
  useEffect(() => () => controller.current?.abort(), []);
  // A moved-to step's heading takes focus, so assistive tech hears where the user is.
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [form.step]);

  const update = (patch: Partial<CloneForm>) => setForm((prev) => ({ ...prev, ...patch }));
  const goTo = (step: CloneStep) => {
    moved.current = true;
    update({ step });
  };

  const reference = form.referenceSource === 'record' ? referenceRecording : referenceUpload;
  const scriptAudio = form.scriptSource === 'record' ? scriptRecording : scriptUpload;
  const scriptText = form.text.trim();
  const hasScript = form.scriptSource === 'text' ? scriptText.length > 0 : scriptAudio !== null;
  const tip = !reference
    ? t('clone.summary.missingVoice')
    : !hasScript
      ? t('clone.summary.missingScript')
      : !consent
        ? t('clone.consentNeeded')
        : null;

  const steps: StepperItem[] = [
    { id: '1', label: t('clone.steps.voice'), done: reference !== null },
    { id: '2', label: t('clone.steps.script'), done: hasScript },
    { id: '3', label: t('clone.steps.clone'), done: result !== null },
  ];

  const clone = async () => {
    if (!reference || !hasScript || !consent || busy) return;
    const script: CloneInput['script'] =
      form.scriptSource === 'text' || !scriptAudio
        ? { kind: 'text', text: scriptText }
        : { kind: 'audio', file: scriptAudio.blob, name: scriptAudio.name };
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    player.stop();
    setBusy(true);
    setError(null);
    try {
      const { blob, jobId } = await cloneVoice(
        {
          voice: { file: reference.blob, name: reference.name },
          script,
          consent,
          format: form.format,
        },
        current.signal,
      );
      setResult({
        blob,
        jobId,
        title: t('history.clonedVoice'),
        text: script.kind === 'text' ? script.text : '',
        fileName: audioFileName('clone', Date.now(), formatOfType(blob.type)),
      });
      void queryClient.invalidateQueries({ queryKey: speechHistoryQueryKey });
      // Phones: the visitor may have scrolled away while it was made.
      revealOnPhones(resultRef.current, { ifHidden: true });
    } catch (err) {
      if (current.signal.aborted) return;
      // 100002 opened the credits dialog already; the rest is the server's message.
      if (!(err instanceof ApiError && err.code === ErrorCode.NOT_ENOUGH_CREDITS)) {
        setError(failureText(err, t('result.network'), t('clone.failed')));
      }
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setBusy(false);
      }
      creditsEvents.emit('-5');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tip) return;
    void clone();
    revealOnPhones(resultRef.current);
  };

  const buttonLabel = t('clone.button', { count: COSTS.voiceClone });
  const next = form.step < 3 ? ((form.step + 1) as CloneStep) : null;
  const back = form.step > 1 ? ((form.step - 1) as CloneStep) : null;

  /** Back, then Continue or (last step) Clone. */
  const nav = (where: 'card' | 'phone') => (
    <div className="flex items-start gap-2">
      {back && (
        <Button variant="secondary" size="lg" onClick={() => goTo(back)} className="px-4">
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          <span className={cn(where === 'phone' && 'sr-only min-[420px]:not-sr-only')}>
            {t('clone.back')}
          </span>
        </Button>
      )}
      {next ? (
        <Button size="lg" onClick={() => goTo(next)} className="flex-1" data-testid={`next-${where}`}>
          {t('clone.next')}
          <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      ) : (
        <SubmitButton
          truncate
          formId={formId}
          icon={WandSparkles}
          label={buttonLabel}
          busyLabel={t('clone.busy')}
          busy={busy}
          tip={tip}
          tipId={`${formId}-tip-${where}`}
          testId={where === 'card' ? 'clone' : 'clone-phone'}
          className="flex-1"
        />
      )}
    </div>
  );

  const panel = (step: CloneStep, children: ReactNode) => (
    <div
      id={`${idBase}-step-${step}`}
      hidden={form.step !== step}
      className="grid min-w-0 gap-4"
      data-testid={`step-panel-${step}`}
    >
      {children}
    </div>
  );

  const heading = (step: CloneStep, text: string, intro: string) => (
    <div className="grid gap-1">
      <h2 ref={form.step === step ? stepHeading : undefined} tabIndex={-1} className="text-lg font-bold">
        <span className="text-muted tabular me-2 text-sm font-semibold">
          {t('clone.stepOf', { step, total: STEPS.length })}
        </span>
        <span className="block">{text}</span>
      </h2>
      <p className="text-muted text-sm text-pretty">{intro}</p>
    </div>
  );

  const referenceTabs = `${idBase}-ref`;
  const scriptTabs = `${idBase}-script`;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:pt-8 lg:pb-10" data-page="voice-cloning">
      <PageHeader icon={AudioWaveform} title={title} subtitle={t('clone.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <form
          id={formId}
          onSubmit={submit}
          noValidate
          aria-label={title}
          className="border-line bg-surface grid min-w-0 gap-5 rounded-3xl border p-4 sm:p-5"
          data-testid="clone-form"
        >
          <Stepper
            label={t('clone.stepsLabel')}
            steps={steps}
            current={form.step - 1}
            onSelect={(i) => goTo((i + 1) as CloneStep)}
            stepText={(step, total) => t('clone.stepOf', { step, total })}
            doneText={t('clone.done')}
          />
          <div className="border-line/70 border-t" />

          {panel(
            1,
            <>
              {heading(1, t('clone.steps.voice'), t('clone.voice.intro'))}
              <Tabs<ReferenceSource>
                label={t('clone.voice.sourceLabel')}
                idBase={referenceTabs}
                variant="fill"
                value={form.referenceSource}
                onChange={(referenceSource) => update({ referenceSource })}
                className="w-full sm:w-fit"
                items={[SOURCE.record, SOURCE.upload]}
              />
              <SourcePanel idBase={referenceTabs} source="record" current={form.referenceSource}>
                <RecorderPanel
                  name="voice"
                  maxSeconds={SPEECH_LIMITS.referenceMaxSeconds}
                  minSeconds={SPEECH_LIMITS.referenceMinSeconds}
                  hint={t('clone.voice.hint')}
                  onTake={(take) => setReferenceRecording(take)}
                  active={form.step === 1 && form.referenceSource === 'record'}
                  hasTake={referenceRecording !== null}
                />
                <Take
                  audio={referenceRecording}
                  source="record"
                  role="reference"
                  onRemove={() => setReferenceRecording(null)}
                />
              </SourcePanel>
              <SourcePanel idBase={referenceTabs} source="upload" current={form.referenceSource}>
                <UploadPanel
                  role="reference"
                  hint={t('clone.voice.uploadHint')}
                  onFile={(file) => setReferenceUpload(file)}
                  hasFile={referenceUpload !== null}
                  testId="reference-file"
                />
                <Take
                  audio={referenceUpload}
                  source="upload"
                  role="reference"
                  onRemove={() => setReferenceUpload(null)}
                />
              </SourcePanel>
            </>,
          )}

          {panel(
            2,
            <>
              {heading(2, t('clone.steps.script'), t('clone.script.intro'))}
              <Tabs<ScriptSource>
                label={t('clone.script.sourceLabel')}
                idBase={scriptTabs}
                variant="fill"
                value={form.scriptSource}
                onChange={(scriptSource) => update({ scriptSource })}
                className="w-full sm:w-fit"
                items={[SOURCE.text, SOURCE.record, SOURCE.upload]}
              />
              <SourcePanel idBase={scriptTabs} source="text" current={form.scriptSource}>
                <TextField
                  label={t('clone.script.label')}
                  value={form.text}
                  onChange={(text) => update({ text })}
                  placeholder={t('clone.script.placeholder')}
                  rows={6}
                  testId="script-text"
                />
              </SourcePanel>
              <SourcePanel idBase={scriptTabs} source="record" current={form.scriptSource}>
                <RecorderPanel
                  name="script"
                  maxSeconds={SPEECH_LIMITS.scriptMaxSeconds}
                  hint={t('clone.script.hint')}
                  onTake={(take) => setScriptRecording(take)}
                  active={form.step === 2 && form.scriptSource === 'record'}
                  hasTake={scriptRecording !== null}
                />
                <Take
                  audio={scriptRecording}
                  source="record"
                  role="script"
                  onRemove={() => setScriptRecording(null)}
                />
              </SourcePanel>
              <SourcePanel idBase={scriptTabs} source="upload" current={form.scriptSource}>
                <UploadPanel
                  role="script"
                  hint={t('clone.script.hint')}
                  onFile={(file) => setScriptUpload(file)}
                  hasFile={scriptUpload !== null}
                  testId="script-file"
                />
                <Take
                  audio={scriptUpload}
                  source="upload"
                  role="script"
                  onRemove={() => setScriptUpload(null)}
                />
              </SourcePanel>
            </>,
          )}

          {panel(
            3,
            <>
              {heading(3, t('clone.steps.clone'), t('clone.cost', { count: COSTS.voiceClone }))}
              <ul className="border-line divide-line grid min-w-0 divide-y rounded-2xl border">
                <SummaryRow
                  label={t('clone.summary.voice')}
                  value={
                    reference
                      ? describe(reference, form.referenceSource === 'record', t('take.recorded'))
                      : null
                  }
                  missing={t('clone.summary.missingVoice')}
                  onEdit={() => goTo(1)}
                  edit={t('clone.summary.edit')}
                />
                <SummaryRow
                  label={t('clone.summary.script')}
                  value={
                    form.scriptSource === 'text'
                      ? scriptText || null
                      : scriptAudio
                        ? describe(scriptAudio, form.scriptSource === 'record', t('take.recorded'))
                        : null
                  }
                  missing={t('clone.summary.missingScript')}
                  onEdit={() => goTo(2)}
                  edit={t('clone.summary.edit')}
                />
              </ul>
              <FormatChoice value={form.format} onChange={(format) => update({ format })} disabled={busy} />
              <label className="border-line bg-surface-2 has-[:checked]:border-pink/60 flex cursor-pointer items-start gap-3 rounded-2xl border p-3 text-sm leading-relaxed">
                <input
                  type="checkbox"
                  checked={consent}
                  onChange={(e) => setConsent(e.target.checked)}
                  className="accent-pink mt-0.5 h-5 w-5 shrink-0"
                  data-testid="consent"
                />
                <span>{t('clone.consent')}</span>
              </label>
            </>,
          )}

          <div className="hidden lg:block">{nav('card')}</div>
        </form>

        <div className="grid min-w-0 gap-6">
          <Note testId="clone-note">{t('clone.note')}</Note>
          <div ref={resultRef} className="scroll-mt-20">
            <ResultPanel
              heading={t('clone.resultHeading')}
              headingId={`${formId}-result`}
              busy={busy}
              busyText={t('clone.busy')}
              busyHint={t('clone.busyHint')}
              error={error}
              result={result}
              playerLabel={t('clone.player')}
              empty={t('clone.resultEmpty')}
            />
          </div>
          <SpeechHistory kind="voice_clone" player={player} />
        </div>
      </div>

      {/* Phones: the step buttons and Clone stay at the bottom of the screen. */}
      <div className="border-line bg-bg/90 sticky bottom-0 z-20 -mx-4 mt-6 border-t px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-xl lg:hidden">
        {nav('phone')}
      </div>
    </div>
  );
}

/** "voice.wav · 0:15", or "Your recording · 0:15". */
function describe(audio: WithUrl<Audio>, recorded: boolean, recordedLabel: string): string {
  const time = audio.seconds === null ? null : formatDuration(audio.seconds);
  const name = recorded ? recordedLabel : audio.name;
  return time ? `${name} · ${time}` : name;
}

function SummaryRow({
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

/** One source tab's panel (text, recording or upload), shown while its tab is chosen. */
function SourcePanel({
  idBase,
  source,
  current,
  children,
}: {
  idBase: string;
  source: string;
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
  role: 'reference' | 'script';
  onRemove: () => void;
}) {
  if (!audio) return null;
  return <AudioTake take={{ ...audio, source }} role={role} onRemove={onRemove} testId={`${role}-take`} />;
}
