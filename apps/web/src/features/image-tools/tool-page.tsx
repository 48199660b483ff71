import { presetsOf, type ImageTool } from '@lumi/contract';
import { Compass, SlidersHorizontal, Sparkles, UserRoundPen, Wand2 } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolLayout } from '@/components/tool-page-layout';
import { cn } from '@/components/ui/cn';
import { SubmitButton } from '@/components/ui/submit-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { revealOnPhones } from '@/lib/reveal';
import { useSearchParams } from '@/lib/router';
import { ExploreGallery } from './components/explore-gallery';
import { GenerationPanel } from './components/generation-panel';
import { GirlBuilder } from './components/girl-builder';
import { HistoryList } from './components/history-list';
import { OptionsPanel } from './components/options-panel';
import { PresetPicker } from './components/preset-picker';
import { PreviewNote } from './components/preview-badge';
import { AdvancedOptions, PromptField } from './components/prompt-field';
import { Tabs } from '@/components/ui/tabs';
import { useGeneration } from './hooks/use-generation';
import { useToolForm } from './hooks/use-tool-form';
import { blockerOf, formCost, presetTool, toRequest, usesBuilder, type GirlMode } from './lib/form-state';
import { isBusy } from './lib/generation';
import { intlLocale } from './lib/intl';

export interface ToolPageProps {
  tool: ImageTool;
  /** A paying user (advanced model, unlimited fast); undefined until the balance is known. */
  isVip: boolean | undefined;
  /** 100008: the app's adult-content notice. */
  onAdult: () => void;
}

type PageTab = 'create' | 'explore';

/** Up to this many missing builder fields are named; more are counted. */
const MAX_LISTED = 3;

/**
 * The image, anime, girl and tattoo generators (spec §2): the form (prompt, presets or the girl
 * builder, options) beside the result area on desktop, above it on phones with Generate kept
 * at the bottom of the screen; the history under the results; the image generator's Explore tab.
 * The form and the current job live in sessionStorage, so leaving and coming back resumes them.
 */
export function ToolPage({ tool, isVip, onAdult }: ToolPageProps) {
  const { t, i18n } = useTranslation('images');
  const locale = useLocale();
  const title = t(`common:tools.${tool}.name`);
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const tab: PageTab = tool === 'image' && params.get('tab') === 'explore' ? 'explore' : 'create';
  const formId = useId();
  const idBase = useId();
  const resultsRef = useRef<HTMLElement>(null);
  /** A generation sent from this page view (not one resumed on coming back), to show once it ends. */
  const startedHere = useRef(false);

  const [form, update] = useToolForm(tool);
  const { state, generate, retry } = useGeneration(tool, { onAdult });
  const kind = presetTool(tool);
  const presets = kind ? presetsOf(kind) : [];
  const builder = usesBuilder(tool, form);
  const busy = isBusy(state);
  const blocker = blockerOf(tool, form);
  const list = new Intl.ListFormat(intlLocale(i18n.language), { type: 'conjunction' });
  const tip =
    blocker?.kind === 'prompt'
      ? t('generate.needPrompt')
      : blocker?.kind === 'builder'
        ? blocker.missing.length > MAX_LISTED
          ? t('generate.needBuilderCount', { count: blocker.missing.length })
          : t('generate.needBuilder', {
              fields: list.format(blocker.missing.map((f) => t(`builder.${f}.label`))),
            })
        : null;

  // The advanced model is for paying users only.
  useEffect(() => {
    if (isVip === false && form.model === 'advanced') update({ model: 'standard' });
  }, [isVip, form.model, update]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || blocker) return;
    void generate(toRequest(tool, form));
    // Phones: the results are under the form; take the user there, and again once the pictures
    // come if they scrolled away while waiting.
    startedHere.current = true;
    revealOnPhones(resultsRef.current);
  };

  useEffect(() => {
    if (state.phase !== 'done' && state.phase !== 'failed') return;
    if (!startedHere.current) return;
    startedHere.current = false;
    revealOnPhones(resultsRef.current, { ifHidden: true });
  }, [state.phase]);

  // The preview renderer is no AI model: its pictures are free, and the button says so.
  const free = appConfig.imagePreview === true;
  const generateLabel = free ? t('generate.buttonFree') : t('generate.button', { count: formCost(form) });

  const setTab = (next: PageTab) =>
    setParams(next === 'explore' ? { tab: 'explore' } : {}, { replace: true });

  const promptLabel = builder ? t('prompt.labelExtra') : t('prompt.label');
  const promptPlaceholder = builder
    ? t('prompt.placeholderExtra')
    : tool === 'image'
      ? t('prompt.placeholder')
      : t('prompt.placeholderPreset');

  /** Generate: at the foot of the form on large screens, at the bottom of the screen on phones. */
  const generateButton = (where: 'form' | 'phone') => (
    <SubmitButton
      formId={formId}
      icon={Wand2}
      label={generateLabel}
      busyLabel={t('generate.busy')}
      testId="generate"
      busy={busy}
      tip={tip}
      tipId={where === 'form' ? `${formId}-tip` : `${formId}-tip-phone`}
      className={
        where === 'form'
          ? 'bg-surface/95 sticky bottom-0 -mx-4 -mb-4 hidden rounded-b-3xl px-4 pt-3 pb-4 backdrop-blur sm:-mx-5 sm:-mb-5 sm:px-5 sm:pb-5 lg:grid'
          : cn(ToolLayout.phoneBarClass, 'mt-6')
      }
    />
  );

  const creator = (
    <>
      <ToolLayout.Columns columns="narrow-form">
        <ToolLayout.Form
          id={formId}
          onSubmit={submit}
          label={t('form.label')}
          className="min-w-0"
          testId="tool-form"
        >
          {tool === 'girl' && (
            <Tabs<GirlMode>
              label={t('tabs.girlLabel')}
              idBase={`${idBase}-girl`}
              value={form.mode}
              onChange={(mode) => update({ mode })}
              className="w-full"
              items={[
                {
                  value: 'presets',
                  label: t('tabs.presets'),
                  icon: <Sparkles className="h-4 w-4" aria-hidden />,
                },
                {
                  value: 'builder',
                  label: t('tabs.builder'),
                  icon: <UserRoundPen className="h-4 w-4" aria-hidden />,
                },
              ]}
            />
          )}
          {presets.length > 0 && !builder && (
            <div
              {...(tool === 'girl'
                ? {
                    role: 'tabpanel',
                    id: `${idBase}-girl-panel-presets`,
                    'aria-labelledby': `${idBase}-girl-tab-presets`,
                  }
                : {})}
            >
              <PresetPicker presets={presets} value={form.preset} onChange={(preset) => update({ preset })} />
            </div>
          )}
          {builder && (
            <div
              role="tabpanel"
              id={`${idBase}-girl-panel-builder`}
              aria-labelledby={`${idBase}-girl-tab-builder`}
            >
              <GirlBuilder value={form.builder} onChange={(next) => update({ builder: next })} />
            </div>
          )}
          <PromptField
            label={promptLabel}
            placeholder={promptPlaceholder}
            value={form.prompt}
            onChange={(prompt) => update({ prompt })}
            required={tool === 'image'}
          />
          <AdvancedOptions value={form.negative} onChange={(negative) => update({ negative })} />
          <div className="border-line/70 border-t pt-5">
            <h2 className="text-muted mb-4 flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
              <SlidersHorizontal className="h-4 w-4" aria-hidden />
              {t('form.options')}
            </h2>
            <OptionsPanel form={form} update={update} isVip={isVip} locale={locale} free={free} />
          </div>
          {free && <PreviewNote text={t('preview.free')} testId="preview-free" />}
          {generateButton('form')}
        </ToolLayout.Form>

        <div className="grid min-w-0 gap-8">
          <ToolLayout.Result
            ref={resultsRef}
            id={`${idBase}-results`}
            title={t('results.title')}
            className="scroll-mt-20"
            testId="results"
          >
            <GenerationPanel state={state} tool={tool} locale={locale} onRetry={retry} free={free} />
          </ToolLayout.Result>
          <HistoryList tool={tool} locale={locale} />
        </div>
      </ToolLayout.Columns>
      {generateButton('phone')}
    </>
  );

  return (
    <ToolLayout.Frame page={`${tool}-generator`}>
      <ToolLayout.Header
        icon={Wand2}
        title={title}
        subtitle={t(`tools.${tool}.subtitle`)}
        aside={
          tool === 'image' && (
            <Tabs<PageTab>
              label={t('tabs.pageLabel')}
              idBase={`${idBase}-page`}
              value={tab}
              onChange={setTab}
              items={[
                { value: 'create', label: t('tabs.create'), icon: <Wand2 className="h-4 w-4" aria-hidden /> },
                {
                  value: 'explore',
                  label: t('tabs.explore'),
                  icon: <Compass className="h-4 w-4" aria-hidden />,
                },
              ]}
            />
          )
        }
      />
      {tool === 'image' ? (
        <div
          role="tabpanel"
          id={`${idBase}-page-panel-${tab}`}
          aria-labelledby={`${idBase}-page-tab-${tab}`}
          className="pb-10 lg:pb-0"
        >
          {tab === 'explore' ? <ExploreGallery locale={locale} /> : creator}
        </div>
      ) : (
        creator
      )}
    </ToolLayout.Frame>
  );
}
