import { COSTS, localeInfo } from '@lumi/contract';
import { Cpu, Lightbulb, ScanFace, ShieldCheck, WandSparkles, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolLayout } from '@/components/tool-page-layout';
import { SubmitButton } from '@/components/ui/submit-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { revealOnPhones } from '@/lib/reveal';
import { PhotoStep } from './components/photo-step';
import { StepHeading } from './components/step-heading';
import { SwapResult } from './components/swap-result';
import { useFaceSwap } from './hooks/use-face-swap';
import type { Photo } from './lib/page-store';
import { isBusy } from './lib/swap-state';

/**
 * /free-ai-swap-face (spec §2, 3 steps): a base photo, a face (each uploaded, dropped or a
 * random sample), then consent and Swap; the job's progress; the result against the base photo
 * on a before/after slider, with zoom, download and, when the base photo has several faces, the
 * choice of another one. The steps sit beside the result on desktop, above it on phones with
 * Swap kept at the bottom of the screen.
 */
export default function FaceSwapPage() {
  const { t } = useTranslation('faceswap');
  const title = t('common:tools.faceSwap.name');
  useDocumentTitle(title);
  const locale = useLocale();
  const { htmlLang, dir } = localeInfo(locale);
  const formId = useId();
  const idBase = useId();
  const resultRef = useRef<HTMLElement>(null);
  const { page, update, swap, retry } = useFaceSwap();
  const { base, face, consent, baseFace } = page;
  const busy = isBusy(page.swap);
  const sending = page.swap.phase === 'sending';

  const tip =
    !base && !face
      ? t('swap.needBoth')
      : !base
        ? t('swap.needBase')
        : !face
          ? t('swap.needFace')
          : !consent
            ? t('swap.needConsent')
            : null;

  /** A swap sent from this page view, shown again when it ends if the visitor scrolled away. */
  const startedHere = useRef(false);
  const phase = page.swap.phase;
  useEffect(() => {
    if ((phase !== 'done' && phase !== 'failed') || !startedHere.current) return;
    startedHere.current = false;
    revealOnPhones(resultRef.current, { ifHidden: true });
  }, [phase]);

  const start = (request: { base: File; face: File; baseFace: number }) => {
    void swap(request);
    startedHere.current = true;
    revealOnPhones(resultRef.current);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || tip || !base || !face) return;
    start({ base: base.file, face: face.file, baseFace });
  };

  /** Another face of the base photo: swapped at once, with the photos of the shown result. */
  const pickFace = (index: number) => {
    if (busy || page.swap.phase !== 'done') return;
    const { request } = page.swap;
    if (base?.file === request.base) update({ baseFace: index });
    start({ ...request, baseFace: index });
  };

  const samplesInUse = [base, face].filter((p): p is Photo => p?.sample === true).map((p) => p.file.name);
  const consentId = `${idBase}-consent`;

  /** Swap: in the form's last step on large screens, at the bottom of the screen on phones. */
  const swapButton = (where: 'form' | 'phone') => (
    <SubmitButton
      formId={formId}
      icon={WandSparkles}
      label={t('swap.button', { count: COSTS.faceSwap })}
      busyLabel={t('swap.busy')}
      busy={busy}
      tip={tip}
      tipId={where === 'form' ? `${formId}-tip` : `${formId}-tip-phone`}
      testId={where === 'form' ? 'swap-submit' : 'swap-submit-phone'}
      className={where === 'form' ? 'hidden lg:grid' : ToolLayout.phoneBarClass}
    />
  );

  return (
    <ToolLayout.Frame page="face-swap">
      <ToolLayout.Header icon={ScanFace} title={title} subtitle={t('subtitle')} wide />

      <ToolLayout.Columns columns="photo-form">
        <ToolLayout.Form
          id={formId}
          onSubmit={submit}
          label={t('form.label')}
          card={false}
          className="grid min-w-0 gap-4 sm:grid-cols-2"
          testId="swap-form"
        >
          <PhotoStep
            role="base"
            n={1}
            photo={base}
            onPhoto={(photo) => update({ base: photo, baseFace: 0 })}
            avoid={samplesInUse}
            disabled={sending}
          />
          <PhotoStep
            role="face"
            n={2}
            photo={face}
            onPhoto={(photo) => update({ face: photo })}
            avoid={samplesInUse}
            disabled={sending}
          />
          <section
            aria-labelledby={`${idBase}-swap`}
            className="border-line bg-surface grid min-w-0 gap-4 rounded-3xl border p-4 sm:col-span-2"
            data-testid="swap-step"
          >
            <StepHeading
              id={`${idBase}-swap`}
              n={3}
              title={t('steps.swap.title')}
              done={page.swap.phase === 'done'}
            />
            <label
              htmlFor={consentId}
              className="border-line bg-surface-2 has-[:checked]:border-pink/50 has-[:checked]:bg-pink/5 flex cursor-pointer items-start gap-3 rounded-2xl border p-3 text-sm leading-relaxed transition-colors duration-150"
            >
              <input
                id={consentId}
                type="checkbox"
                checked={consent}
                onChange={(e) => update({ consent: e.target.checked })}
                required
                className="accent-pink mt-0.5 h-5 w-5 shrink-0 cursor-pointer"
                data-testid="swap-consent"
              />
              <span>{t('consent.label')}</span>
            </label>
            {swapButton('form')}
          </section>
        </ToolLayout.Form>

        <ToolLayout.Result
          ref={resultRef}
          id={`${idBase}-result`}
          title={t('result.title')}
          className="min-w-0 scroll-mt-20"
          testId="swap-result"
        >
          <SwapResult
            state={page.swap}
            base={base}
            busy={busy}
            rtl={dir === 'rtl'}
            numberLocale={htmlLang}
            onRetry={retry}
            onPickFace={pickFace}
          />
        </ToolLayout.Result>
      </ToolLayout.Columns>

      <section aria-labelledby={`${idBase}-about`} className="mt-10 pb-6" data-testid="swap-about">
        <h2 id={`${idBase}-about`} className="text-lg font-bold">
          {t('about.title')}
        </h2>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <About icon={Cpu} title={t('about.offlineTitle')} text={t('about.offline')} />
          <About icon={Lightbulb} title={t('about.tipsTitle')} text={t('about.tips')} />
          <About icon={ShieldCheck} title={t('about.privacyTitle')} text={t('about.privacy')} />
        </div>
      </section>

      {swapButton('phone')}
    </ToolLayout.Frame>
  );
}

function About({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="border-line bg-surface/60 rounded-2xl border p-4">
      <h3 className="flex items-center gap-2 text-sm font-bold">
        <Icon className="text-pink h-4 w-4 shrink-0" aria-hidden />
        {title}
      </h3>
      <p className="text-muted mt-2 text-sm leading-relaxed text-pretty">{text}</p>
    </div>
  );
}
