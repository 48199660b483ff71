import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { getHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { Link, Navigate, useRouteParams } from '@/lib/router';
import { useArticle } from './api/get-article';
import { LoadFailed, TextSkeleton } from './content-states';
import { DocumentView } from './document-view';

/** /blogs/{slug}: one article; an unknown slug goes to the list. */
export default function BlogArticlePage() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const { slug = '' } = useRouteParams();
  const { data, error, refetch } = useArticle(slug, locale);
  useDocumentTitle(data?.title ?? '');
  if (error instanceof ApiError && error.kind === 'business') {
    return <Navigate to={getHref(locale, 'blogList')} />;
  }
  if (!data) return error ? <LoadFailed onRetry={() => void refetch()} /> : <TextSkeleton />;
  return (
    <DocumentView
      doc={data}
      locale={locale}
      dateKey="blog.published"
      before={
        <Link
          to={getHref(locale, 'blogList')}
          className="text-muted hover:text-fg mb-6 inline-flex items-center gap-1.5 text-sm font-semibold"
        >
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('blog.allArticles')}
        </Link>
      }
    />
  );
}
