import { COSTS, voiceById } from '@lumi/contract';
import { AudioLines, Mic2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/app-config';
import { ToolLayout } from '@/components/tool-page-layout';
import { cn } from '@/components/ui/cn';
import { SubmitButton } from '@/components/ui/submit-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { shownVoices, useVoices } from '@/lib/get-voices';
import { textToSpeech, type TtsInput } from './api/text-to-speech';
import { FormatChoice } from './components/format-choice';
import { Callout } from '@/components/ui/callout';
import { ResultPanel } from './components/result-panel';
import { SpeechHistory } from './components/speech-history';
import { TextField } from './components/text-field';
import { VoicePicker } from '@/components/voice/voice-picker';
import { useAudioJob } from './hooks/use-audio-job';
import { useSharedPlayer } from '@/hooks/use-shared-player';
import { audioFileName, formatOfType, speechCost } from './lib/format';
import { revealOnPhones } from './lib/page';
import { loadGeneratorForm, saveGeneratorForm, type GeneratorForm } from './lib/saved-state';

/**
 * /free-ai-voice-generator (spec §2): the 17 preset voices with their samples, the text with its
 * counter and live cost, MP3 or WAV, then the audio to play and download, and the recent ones.
 * The form is kept for the tab's session.
 */
export default function VoiceGeneratorPage() {
  const { t } = useTranslation('voice');
  const title = t('common:tools.voice.name');
  useDocumentTitle(title);
  const formId = useId();
  const voicesHeadingId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  const voicesQuery = useVoices();
  const voices = shownVoices(voicesQuery.data);
  const player = useSharedPlayer();
  const [form, setForm] = useState<GeneratorForm>(loadGeneratorForm);
  /** The last request sent: what Retry sends again and whose voice the wait names. */
  const [request, setRequest] = useState<TtsInput | null>(null);

  useEffect(() => saveGeneratorForm(form), [form]);

  const update = (patch: Partial<GeneratorForm>) => setForm((prev) => ({ ...prev, ...patch }));
  const voice = voiceById(form.voiceId) ?? voiceById('aria');
  const voiceName = voice?.name ?? '';
  const text = form.text.trim();
  const cost = speechCost(form.text);
  const tip = text ? null : t('generate.needText');

  const job = useAudioJob<TtsInput>({
    speak: textToSpeech,
    describe: (input, blob) => {
      const name = voiceById(input.voice_id)?.name ?? input.voice_id;
      return {
        title: name,
        text: input.text,
        fileName: audioFileName(name, Date.now(), formatOfType(blob.type)),
      };
    },
    failedText: t('result.failed'),
    networkText: t('result.network'),
    resultRef,
    player,
  });
  const { busy } = job;
  const generate = (input: TtsInput) => {
    setRequest(input);
    void job.run(input);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text) {
      textRef.current?.focus();
      return;
    }
    generate({ voice_id: form.voiceId, text, format: form.format });
    revealOnPhones(resultRef.current);
  };

  const retry = () => {
    if (request && !busy) generate(request);
  };

  const buttonLabel = t('generate.button', { count: cost });
  /** Generate: under the text on large screens, at the bottom of the screen on phones. */
  const generateButton = (where: 'form' | 'phone') => (
    <SubmitButton
      truncate
      formId={formId}
      icon={AudioLines}
      label={buttonLabel}
      busyLabel={t('generate.busy')}
      busy={busy}
      tip={tip}
      tipId={where === 'form' ? `${formId}-tip` : `${formId}-tip-phone`}
      testId={where === 'form' ? 'generate' : 'generate-phone'}
      {...(where === 'form' ? { className: 'hidden lg:grid' } : {})}
    />
  );

  return (
    <ToolLayout.Frame page="voice-generator">
      <ToolLayout.Header icon={Mic2} title={title} subtitle={t('generator.subtitle')} />
      <ToolLayout.Columns columns="narrow-result">
        <section aria-labelledby={voicesHeadingId} className="grid min-w-0 gap-4">
          <h2 id={voicesHeadingId} className="text-lg font-bold">
            {t('generator.voicesHeading')}
          </h2>
          {/* Known from the page's config at once, so the voices below never move down. */}
          {(voicesQuery.data?.offline ?? appConfig.speechOffline) && (
            <Callout tone="note" testId="offline-note">
              {t('generator.offline')}
            </Callout>
          )}
          <VoicePicker
            voices={voices}
            value={form.voiceId}
            onChange={(voiceId) => update({ voiceId })}
            player={player}
            labelledBy={voicesHeadingId}
          />
        </section>

        <div className="grid min-w-0 gap-6">
          <ToolLayout.Form
            id={formId}
            onSubmit={submit}
            label={t('generator.textHeading')}
            testId="voice-form"
          >
            <TextField
              ref={textRef}
              label={t('text.label')}
              value={form.text}
              onChange={(value) => update({ text: value })}
              placeholder={t('text.placeholder')}
              aside={t('text.rate', { count: COSTS.ttsUnit, chars: COSTS.ttsCharsPerUnit })}
              testId="voice-text"
            />
            <FormatChoice value={form.format} onChange={(format) => update({ format })} />
            {generateButton('form')}
          </ToolLayout.Form>
          <div ref={resultRef} className="scroll-mt-20">
            <ResultPanel
              heading={t('result.heading')}
              headingId={`${formId}-result`}
              busy={busy}
              busyText={t('result.generating', {
                name: voiceById(request?.voice_id ?? '')?.name ?? voiceName,
              })}
              busyHint={t('result.generatingHint')}
              error={job.error}
              onRetry={request ? retry : undefined}
              result={job.result}
              playerLabel={t('result.player')}
              empty={t('result.empty')}
            />
          </div>
          <SpeechHistory kind="speech" player={player} />
        </div>
      </ToolLayout.Columns>

      {/* Phones: the action stays at the bottom of the screen. */}
      <div className={cn(ToolLayout.phoneBarClass, 'mt-6')}>
        <p className="text-muted mb-2 truncate text-center text-xs">
          {t('generator.voiceChosen', { name: voiceName })}
        </p>
        {generateButton('phone')}
      </div>
    </ToolLayout.Frame>
  );
}
