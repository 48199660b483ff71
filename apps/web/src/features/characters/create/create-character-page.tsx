import { ErrorCode } from '@lumi/contract';
import {
  ArrowLeft,
  ArrowRight,
  CircleAlert,
  GitFork,
  Info,
  Loader2,
  RotateCcw,
  Sparkles,
} from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { isolate } from '@/lib/bidi';
import { Link, useSearchParams } from '@/lib/router';
import { CharacterPreview } from './character-preview';
import { STEPS, stepOf, type FieldName } from './form-model';
import { isFormType, type FormType } from './form-state';
import { BasicsStep, ConversationStep, PersonalityStep } from './form-steps';
import { LorebookStep } from './lorebook-step';
import { PublishConfirm } from './publish-confirm';
import { Stepper } from '@/components/ui/stepper';
import { useCharacterForm } from './use-character-form';

/**
 * Create, edit or clone a character (spec §2-§3): four steps (the lorebook last, issue 21),
 * checked on Continue and on Publish. `?type=edit|clone` reads the character from sessionStorage `formState`.
 */
export default function CreateCharacterPage() {
  const [params] = useSearchParams();
  const raw = params.get('type');
  const type = isFormType(raw) ? raw : null;
  // A new type (the header's "create" link from an edit) starts a fresh form.
  return <CharacterFormView key={type ?? 'create'} type={type} />;
}

const LAST = STEPS.length - 1;

function CharacterFormView({ type }: { type: FormType | null }) {
  const { t } = useTranslation('create');
  const locale = useLocale();
  const panelRef = useRef<HTMLFormElement>(null);
  const form = useCharacterForm(type, panelRef);
  const { mode, step, submitting, submitError } = form;
  const title = t(`title.${mode}`);
  useDocumentTitle(title);
  const invalid = new Set(Object.keys(form.errors).map((field) => stepOf(field as FieldName)));

  return (
    <div className="relative mx-auto max-w-6xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10" data-page="createCharacter">
      <div
        className="from-pink/15 via-violet/10 pointer-events-none absolute inset-x-0 top-0 -z-10 mx-auto h-64 max-w-2xl rounded-full bg-radial to-transparent blur-3xl"
        aria-hidden
      />
      <div className="mx-auto flex max-w-[66.5rem] items-start justify-center gap-10">
        <div className="w-full max-w-3xl min-w-0">
          <header className="mb-5">
            <h1 className="text-xl font-extrabold tracking-tight text-balance sm:text-2xl">{title}</h1>
            {mode === 'clone' && form.source ? (
              // A clone's subtitle says whose version it is and that the original will be credited.
              <p className="text-muted mt-1.5 text-sm leading-relaxed text-pretty" data-testid="clone-notice">
                <GitFork className="text-violet me-1.5 inline-block h-4 w-4 align-[-0.2em]" aria-hidden />
                {t('cloneNotice', { name: isolate(form.source.name) })}
              </p>
            ) : (
              <p className="text-muted mt-1.5 text-sm leading-relaxed text-pretty">{t(`subtitle.${mode}`)}</p>
            )}
          </header>

          {form.missingSource && (
            <p className="border-line bg-surface-2 text-muted mb-4 flex items-start gap-2 rounded-2xl border px-4 py-3 text-sm">
              <Info className="text-violet mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {t('missingSource')}
            </p>
          )}
          {form.restoredDraft && (
            <div className="border-line bg-surface-2 mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border px-4 py-3 text-sm">
              <Info className="text-violet h-4 w-4 shrink-0" aria-hidden />
              <span className="text-muted min-w-0 flex-1">{t('draftRestored')}</span>
              <Button variant="ghost" size="sm" onClick={form.startOver}>
                <RotateCcw className="h-4 w-4" aria-hidden />
                {t('actions.startOver')}
              </Button>
            </div>
          )}

          <form
            ref={panelRef}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (submitting) return;
              if (step < LAST) form.goTo(step + 1);
              else form.requestPublish();
            }}
            className="border-line bg-surface scroll-mt-20 rounded-3xl border shadow-xl shadow-black/30"
          >
            <div className="border-line border-b px-4 py-4 sm:px-8 sm:py-5">
              <Stepper
                label={t('steps.label')}
                steps={STEPS.map((name, i) => ({
                  id: name,
                  label: t(`steps.${name}`),
                  done: i < step,
                  invalid: invalid.has(i),
                }))}
                current={step}
                onSelect={form.goTo}
                stepText={(current, total) => t('steps.position', { current, total })}
              />
            </div>
            <div className="space-y-6 px-4 py-5 sm:px-8 sm:py-7">
              {STEPS[step] !== 'lorebook' && (
                <p className="text-muted flex items-start gap-2 text-xs leading-relaxed">
                  <Info className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
                  <span>{t('requiredTip')}</span>
                </p>
              )}
              <h2 className="sr-only">{t(`steps.${STEPS[step] ?? 'basics'}`)}</h2>
              {step === 0 && <BasicsStep form={form} />}
              {step === 1 && <PersonalityStep form={form} />}
              {step === 2 && <ConversationStep form={form} />}
              {step === 3 && <LorebookStep form={form} />}
            </div>
            <div className="border-line bg-surface/95 sticky bottom-0 z-10 rounded-b-3xl border-t px-4 py-3 backdrop-blur sm:px-8 sm:py-4">
              {submitError && (
                <div
                  role="alert"
                  className="border-danger/40 bg-danger/10 text-fg mb-3 flex items-start gap-2 rounded-xl border px-3 py-2.5 text-sm"
                >
                  <CircleAlert className="text-danger mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  <span className="min-w-0">
                    {submitError.message}
                    {submitError.code === ErrorCode.NSFW_REQUIRED && (
                      <>
                        {' '}
                        <Link to={getHref(locale, 'profile')} className="text-pink font-semibold underline">
                          {t('fields.nsfw.openProfile')}
                        </Link>
                      </>
                    )}
                  </span>
                </div>
              )}
              <div className="flex items-center gap-3">
                {step > 0 && (
                  <Button
                    variant="secondary"
                    size="lg"
                    onClick={() => form.goTo(step - 1)}
                    disabled={submitting}
                  >
                    <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
                    {t('actions.back')}
                  </Button>
                )}
                <span className="text-faint tabular ms-auto hidden text-xs sm:inline" aria-hidden>
                  {t('steps.position', { current: step + 1, total: STEPS.length })}
                </span>
                {step < LAST ? (
                  <Button key="continue" type="submit" size="lg" className="ms-auto min-w-36 sm:ms-0">
                    {t('actions.continue')}
                    <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
                  </Button>
                ) : (
                  <Button
                    key="publish"
                    type="submit"
                    size="lg"
                    className="ms-auto min-w-36 sm:ms-0"
                    disabled={submitting}
                    aria-busy={submitting || undefined}
                  >
                    {submitting ? (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                    ) : (
                      <Sparkles className="h-4 w-4" aria-hidden />
                    )}
                    {submitting ? t('actions.publishing') : t('actions.publish')}
                  </Button>
                )}
              </div>
            </div>
          </form>
        </div>

        <PublishConfirm
          open={form.confirming}
          mode={mode}
          name={form.values.name}
          visibility={form.values.visibility}
          onCancel={form.cancelPublish}
          onConfirm={form.publish}
        />

        <aside
          className="sticky top-24 hidden w-72 shrink-0 pt-[5.5rem] lg:block"
          aria-label={t('preview.title')}
        >
          <CharacterPreview values={form.values} avatarUrl={form.avatarUrl} />
        </aside>
      </div>
    </div>
  );
}
