import { localeInfo, type ContentDocument, type Locale } from '@lumi/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { longDate } from './format-date';

/**
 * A legal page or article: title, date and the server-rendered Markdown (our own files from the
 * repository, rendered with raw HTML escaped), marked with its language when it is a fallback.
 */
export function DocumentView({
  doc,
  locale,
  dateKey,
  before,
  after,
}: {
  doc: ContentDocument;
  locale: Locale;
  dateKey: 'legal.updated' | 'blog.published';
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation('marketing');
  const fallback = doc.locale !== locale;
  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12" data-testid="content-document">
      {before}
      {fallback && (
        <p className="border-line bg-surface text-muted mb-6 rounded-xl border px-4 py-3 text-sm">
          {t('blog.notTranslated')}
        </p>
      )}
      <div lang={fallback ? localeInfo(doc.locale).htmlLang : undefined}>
        <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-[2rem]">{doc.title}</h1>
        <p className="text-muted mt-3 text-sm">
          <time dateTime={doc.date}>{t(dateKey, { date: longDate(doc.date, locale) })}</time>
        </p>
        <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: doc.html }} />
      </div>
      {after}
    </article>
  );
}
