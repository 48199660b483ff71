import { COSTS, SPEECH_LIMITS } from '@lumi/contract';
import { ArrowLeft, ArrowRight, AudioWaveform, WandSparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolLayout } from '@/components/tool-page-layout';
import { SubmitButton } from '@/components/ui/submit-button';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cloneVoice, type CloneInput } from './api/clone-voice';
import { FormatChoice } from './components/format-choice';
import { Callout } from '@/components/ui/callout';
import { AudioSources, SummaryRow, describe, takeOf, useTakes } from './components/clone-parts';
import { ResultPanel } from './components/result-panel';
import { SpeechHistory } from './components/speech-history';
import { Stepper, type StepperItem } from '@/components/ui/stepper';
import { TextField } from './components/text-field';
import { useAudioJob } from './hooks/use-audio-job';
import { useSharedPlayer } from '@/hooks/use-shared-player';
import { audioFileName, formatOfType } from './lib/format';
import { revealOnPhones } from './lib/page';
import { loadCloneForm, saveCloneForm, type CloneForm, type CloneStep } from './lib/saved-state';

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
  const formId = useId();
  const idBase = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const [form, setForm] = useState<CloneForm>(loadCloneForm);
  const referenceTakes = useTakes();
  const scriptTakes = useTakes();
  const [consent, setConsent] = useState(false);
  const player = useSharedPlayer();
  const job = useAudioJob<CloneInput>({
    speak: cloneVoice,
    describe: ({ script }, blob) => ({
      title: t('history.clonedVoice'),
      text: script.kind === 'text' ? script.text : '',
      fileName: audioFileName('clone', Date.now(), formatOfType(blob.type)),
    }),
    failedText: t('clone.failed'),
    networkText: t('result.network'),
    resultRef,
    player,
  });
  const { busy, result } = job;

  useEffect(() => saveCloneForm(form), [form]);
  // A moved-to step's heading takes focus, so assistive tech hears where the user is.
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [form.step]);

  const update = (patch: Partial<CloneForm>) => setForm((prev) => ({ ...prev, ...patch }));
  const goTo = (step: CloneStep) => {
    moved.current = true;
    update({ step });
  };

  const reference = takeOf(referenceTakes, form.referenceSource);
  const scriptAudio = takeOf(scriptTakes, form.scriptSource);
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

  const clone = () => {
    if (!reference || !hasScript || !consent || busy) return;
    const script: CloneInput['script'] =
      form.scriptSource === 'text' || !scriptAudio
        ? { kind: 'text', text: scriptText }
        : { kind: 'audio', file: scriptAudio.blob, name: scriptAudio.name };
    void job.run({
      voice: { file: reference.blob, name: reference.name },
      script,
      consent,
      format: form.format,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tip) return;
    clone();
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

  return (
    <ToolLayout.Frame page="voice-cloning">
      <ToolLayout.Header icon={AudioWaveform} title={title} subtitle={t('clone.subtitle')} />
      <ToolLayout.Columns columns="narrow-result">
        <ToolLayout.Form id={formId} onSubmit={submit} label={title} className="min-w-0" testId="clone-form">
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
              <AudioSources
                idBase={`${idBase}-ref`}
                label={t('clone.voice.sourceLabel')}
                value={form.referenceSource}
                onChange={(referenceSource) => update({ referenceSource })}
                role="reference"
                active={form.step === 1}
                maxSeconds={SPEECH_LIMITS.referenceMaxSeconds}
                minSeconds={SPEECH_LIMITS.referenceMinSeconds}
                recordHint={t('clone.voice.hint')}
                uploadHint={t('clone.voice.uploadHint')}
                takes={referenceTakes}
              />
            </>,
          )}

          {panel(
            2,
            <>
              {heading(2, t('clone.steps.script'), t('clone.script.intro'))}
              <AudioSources
                idBase={`${idBase}-script`}
                label={t('clone.script.sourceLabel')}
                value={form.scriptSource}
                onChange={(scriptSource) => update({ scriptSource })}
                text={
                  <TextField
                    label={t('clone.script.label')}
                    value={form.text}
                    onChange={(text) => update({ text })}
                    placeholder={t('clone.script.placeholder')}
                    rows={6}
                    testId="script-text"
                  />
                }
                role="script"
                active={form.step === 2}
                maxSeconds={SPEECH_LIMITS.scriptMaxSeconds}
                recordHint={t('clone.script.hint')}
                uploadHint={t('clone.script.hint')}
                takes={scriptTakes}
              />
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
        </ToolLayout.Form>

        <div className="grid min-w-0 gap-6">
          <Callout tone="note" testId="clone-note">
            {t('clone.note')}
          </Callout>
          <div ref={resultRef} className="scroll-mt-20">
            <ResultPanel
              heading={t('clone.resultHeading')}
              headingId={`${formId}-result`}
              busy={busy}
              busyText={t('clone.busy')}
              busyHint={t('clone.busyHint')}
              error={job.error}
              result={result}
              playerLabel={t('clone.player')}
              empty={t('clone.resultEmpty')}
            />
          </div>
          <SpeechHistory kind="voice_clone" player={player} />
        </div>
      </ToolLayout.Columns>

      {/* Phones: the step buttons and Clone stay at the bottom of the screen. */}
      <div className={cn(ToolLayout.phoneBarClass, 'mt-6')}>{nav('phone')}</div>
    </ToolLayout.Frame>
  );
}
