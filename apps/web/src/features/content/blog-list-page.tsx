import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { Link } from '@/lib/router';
import { useBlogList } from './api/get-blog-list';
import { LoadFailed, TextSkeleton } from './content-states';
import { longDate } from './format-date';

/** The blog (slug blog-list): every article, newest first. */
export default function BlogListPage() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const { data, isError, refetch } = useBlogList(locale);
  useDocumentTitle(t('blog.heading'));
  if (!data) return isError ? <LoadFailed onRetry={() => void refetch()} /> : <TextSkeleton />;
  return (
    <section className="mx-auto max-w-4xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-[2rem]">{t('blog.heading')}</h1>
      <p className="text-muted mt-3 max-w-2xl leading-relaxed">
        {t('blog.intro', { site: appConfig.siteName })}
      </p>
      {data.list.length === 0 ? (
        <p className="text-muted mt-10">{t('blog.empty')}</p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="blog-list">
          {data.list.map((article) => (
            <li key={article.slug}>
              <Link
                to={getHref(locale, 'blogArticle', { slug: article.slug })}
                className="group border-line bg-surface hover:bg-surface-2 focus-visible:outline-pink flex h-full flex-col rounded-2xl border p-5 transition-colors focus-visible:outline-2"
              >
                <time className="text-faint text-xs" dateTime={article.date}>
                  {longDate(article.date, locale)}
                </time>
                <h2
                  className="mt-2 text-lg leading-snug font-bold text-balance"
                  lang={article.locale === locale ? undefined : 'en'}
                >
                  {article.title}
                </h2>
                <p className="text-muted mt-2 line-clamp-3 flex-1 text-sm leading-relaxed">
                  {article.description}
                </p>
                <span className="text-pink mt-4 inline-flex items-center gap-1 text-sm font-semibold">
                  {t('blog.readMore')}
                  <ArrowRight
                    className="h-4 w-4 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100"
                    aria-hidden
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
