import { ImagePlus, MessageCircleHeart, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { FaqList } from '@/components/ui/faq-list';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { Link } from '@/lib/router';

type Card = { title: string; text: string };
const FEATURE_ICONS = [Sparkles, ImagePlus, MessageCircleHeart, Users];

/** One part of the landing page below the hero: a titled section. */
function LandingSection({
  id,
  title,
  className = 'mt-12',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /create-characters: what the character creator does, in three steps, and the way in. */
export default function CreateCharactersLanding() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const values = { site: appConfig.siteName, count: appConfig.dailyFreeCredits };
  const list = <T,>(key: string) => {
    const value = t(`landing.${key}`, { ...values, returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  };
  useDocumentTitle(t('landing.heading', values));
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <section className="relative pt-14 pb-10 text-center sm:pt-20">
        <div
          className="from-pink/25 via-violet/15 pointer-events-none absolute inset-x-0 top-0 -z-10 mx-auto h-72 max-w-2xl rounded-full bg-radial to-transparent blur-3xl"
          aria-hidden
        />
        <h1 className="mx-auto max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {t('landing.heading', values)}
        </h1>
        <p className="text-muted mx-auto mt-4 max-w-2xl text-base leading-relaxed text-pretty sm:text-lg">
          {t('landing.subheading', values)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={getHref(locale, 'createCharacter')} className={buttonClass('primary', 'lg')}>
            {t('landing.cta', values)}
          </Link>
          <Link to={getHref(locale, 'home')} className={buttonClass('secondary', 'lg')}>
            {t('landing.browse', values)}
          </Link>
        </div>
      </section>

      <LandingSection id="landing-steps" title={t('landing.stepsTitle', values)} className="mt-6">
        <ol className="mt-5 grid gap-4 md:grid-cols-3">
          {list<Card>('steps').map((step, i) => (
            <li key={step.title} className="border-line bg-surface rounded-2xl border p-5">
              <span className="bg-accent grid h-8 w-8 place-items-center rounded-full text-sm font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold">{step.title}</h3>
              <p className="text-muted mt-1.5 text-sm leading-relaxed">{step.text}</p>
            </li>
          ))}
        </ol>
      </LandingSection>

      <LandingSection id="landing-features" title={t('landing.featuresTitle', values)}>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {list<Card>('features').map((feature, i) => {
            const Icon = FEATURE_ICONS[i % FEATURE_ICONS.length]!;
            return (
              <li key={feature.title} className="border-line bg-surface flex gap-4 rounded-2xl border p-5">
                <Icon className="text-pink mt-0.5 h-6 w-6 shrink-0" aria-hidden />
                <div>
                  <h3 className="font-semibold">{feature.title}</h3>
                  <p className="text-muted mt-1.5 text-sm leading-relaxed">{feature.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </LandingSection>

      <LandingSection id="landing-faq" title={t('landing.faqTitle', values)}>
        <FaqList items={list<{ q: string; a: string }>('faq')} />
      </LandingSection>
    </div>
  );
}
