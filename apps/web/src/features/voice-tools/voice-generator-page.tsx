import { COSTS, ErrorCode, voiceById } from '@lumi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AudioLines, Mic2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/app-config';
import { SubmitButton } from '@/components/ui/submit-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { creditsEvents } from '@/lib/events';
import { speechHistoryQueryKey } from './api/get-speech-history';
import { shownVoices, useVoices } from './api/get-voices';
import { textToSpeech, type TtsInput } from './api/text-to-speech';
import { FormatChoice } from './components/format-choice';
import { Note } from './components/note';
import { PageHeader } from './components/page-header';
import { ResultPanel, type AudioResult } from './components/result-panel';
import { SpeechHistory } from './components/speech-history';
import { TextField } from './components/text-field';
import { VoicePicker } from './components/voice-picker';
import { useBlobState } from './hooks/use-blob-url';
import { useSharedPlayer } from './hooks/use-shared-player';
import { audioFileName, formatOfType, speechCost } from './lib/format';
import { failureText, revealOnPhones } from './lib/page';
import { loadGeneratorForm, saveGeneratorForm, type GeneratorForm } from './lib/saved-state';

type Spoken = Omit<AudioResult, 'url'> & { blob: Blob; jobId: string | null };

/**
 * /free-ai-voice-generator (spec §2): the 17 preset voices with their samples, the text with its
 * counter and live cost, MP3 or WAV, then the audio to play and download, and the recent ones.
 * The form is kept for the tab's session.
 */
export default function VoiceGeneratorPage() {
  const { t } = useTranslation('voice');
  const title = t('common:tools.voice.name');
  useDocumentTitle(title);
  const queryClient = useQueryClient();
  const formId = useId();
  const voicesHeadingId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const controller = useRef<AbortController | null>(null);

  const voicesQuery = useVoices();
  const voices = shownVoices(voicesQuery.data);
  const player = useSharedPlayer();
  const [form, setForm] = useState<GeneratorForm>(loadGeneratorForm);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useBlobState<Spoken>();
  /** The last request sent: what Retry sends again and whose voice the wait names. */
  const [request, setRequest] = useState<TtsInput | null>(null);

  useEffect(() => saveGeneratorForm(form), [form]);
  useEffect(() => () => controller.current?.abort(), []);

  const update = (patch: Partial<GeneratorForm>) => setForm((prev) => ({ ...prev, ...patch }));
  const voice = voiceById(form.voiceId) ?? voiceById('aria');
  const voiceName = voice?.name ?? '';
  const text = form.text.trim();
  const cost = speechCost(form.text);
  const tip = text ? null : t('generate.needText');

  const generate = async (input: TtsInput) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setRequest(input);
    player.stop();
    setBusy(true);
    setError(null);
    const name = voiceById(input.voice_id)?.name ?? input.voice_id;
    try {
      const { blob, jobId } = await textToSpeech(input, current.signal);
      setResult({
        blob,
        jobId,
        title: name,
        text: input.text,
        fileName: audioFileName(name, Date.now(), formatOfType(blob.type)),
      });
      void queryClient.invalidateQueries({ queryKey: speechHistoryQueryKey });
      // Phones: the visitor may have scrolled away while it was made.
      revealOnPhones(resultRef.current, { ifHidden: true });
    } catch (err) {
      if (current.signal.aborted) return;
      // 100002 opened the credits dialog already; anything else is told in the result area.
      if (!(err instanceof ApiError && err.code === ErrorCode.NOT_ENOUGH_CREDITS)) {
        setError(failureText(err, t('result.network'), t('result.failed')));
      }
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setBusy(false);
      }
      // Spent, or refunded after a failure: the header's balance follows either way.
      creditsEvents.emit('-5');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text) {
      textRef.current?.focus();
      return;
    }
    void generate({ voice_id: form.voiceId, text, format: form.format });
    revealOnPhones(resultRef.current);
  };

  const retry = () => {
    if (request && !busy) void generate(request);
  };

  const buttonLabel = t('generate.button', { count: cost });

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:pt-8 lg:pb-10" data-page="voice-generator">
      <PageHeader icon={Mic2} title={title} subtitle={t('generator.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <section aria-labelledby={voicesHeadingId} className="grid min-w-0 gap-4">
          <h2 id={voicesHeadingId} className="text-lg font-bold">
            {t('generator.voicesHeading')}
          </h2>
          {/* Known from the page's config at once, so the voices below never move down. */}
          {(voicesQuery.data?.offline ?? appConfig.speechOffline) && (
            <Note testId="offline-note">{t('generator.offline')}</Note>
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
          <form
            id={formId}
            onSubmit={submit}
            noValidate
            aria-label={t('generator.textHeading')}
            className="border-line bg-surface grid gap-5 rounded-3xl border p-4 sm:p-5"
            data-testid="voice-form"
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
            <SubmitButton
              truncate
              formId={formId}
              icon={AudioLines}
              label={buttonLabel}
              busyLabel={t('generate.busy')}
              busy={busy}
              tip={tip}
              tipId={`${formId}-tip`}
              testId="generate"
              className="hidden lg:grid"
            />
          </form>
          <div ref={resultRef} className="scroll-mt-20">
            <ResultPanel
              heading={t('result.heading')}
              headingId={`${formId}-result`}
              busy={busy}
              busyText={t('result.generating', {
                name: voiceById(request?.voice_id ?? '')?.name ?? voiceName,
              })}
              busyHint={t('result.generatingHint')}
              error={error}
              onRetry={request ? retry : undefined}
              result={result}
              playerLabel={t('result.player')}
              empty={t('result.empty')}
            />
          </div>
          <SpeechHistory kind="speech" player={player} />
        </div>
      </div>

      {/* Phones: the action stays at the bottom of the screen. */}
      <div className="border-line bg-bg/90 sticky bottom-0 z-20 -mx-4 mt-6 border-t px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-xl lg:hidden">
        <p className="text-muted mb-2 truncate text-center text-xs">
          {t('generator.voiceChosen', { name: voiceName })}
        </p>
        <SubmitButton
          truncate
          formId={formId}
          icon={AudioLines}
          label={buttonLabel}
          busyLabel={t('generate.busy')}
          busy={busy}
          tip={tip}
          tipId={`${formId}-tip-phone`}
          testId="generate-phone"
        />
      </div>
    </div>
  );
}
