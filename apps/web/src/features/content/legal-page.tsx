import { LEGAL_PAGES, type LegalRoute } from '@lumi/contract';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocale } from '@/hooks/use-locale';
import { appConfig } from '@/lib/app-config';
import { useLegalPage } from './api/get-legal-page';
import { LoadFailed, TextSkeleton } from './content-states';
import { DocumentView } from './document-view';

/** /terms-of-service, /privacy-policy and /refund-policy, in the visitor's language. */
export default function LegalPage({ route }: { route: LegalRoute }) {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const { data, isError, refetch } = useLegalPage(LEGAL_PAGES[route], locale);
  useDocumentTitle(data?.title ?? '');
  if (!data) return isError ? <LoadFailed onRetry={() => void refetch()} /> : <TextSkeleton />;
  const email = appConfig.supportEmail;
  // The sentence is translated whole; the address inside it becomes a mail link.
  const [before = '', after = ''] = t('legal.contact', { email: '\u0000' }).split('\u0000');
  return (
    <DocumentView
      doc={data}
      locale={locale}
      dateKey="legal.updated"
      after={
        <p className="border-line text-muted mt-12 border-t pt-6 text-sm">
          {before}
          <a className="text-fg underline underline-offset-2" href={`mailto:${email}`}>
            {email}
          </a>
          {after}
        </p>
      }
    />
  );
}
