import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Replies come from the offline demo engine: everyone sees that it is a demo and that its
 * replies cost nothing; only admins see which setting connects a real model.
 */
export function DemoNotice({ admin }: { admin: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <aside
      className="border-line bg-surface text-muted mb-4 flex gap-2.5 rounded-2xl border px-3.5 py-3 text-xs leading-relaxed"
      data-testid="demo-notice"
    >
      <Info className="text-pink mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p>
          <span className="text-fg font-semibold">{t('demo.title')}</span> {t('demo.body')}{' '}
          <span className="text-fg">{t('demo.free')}</span>
        </p>
        {admin && (
          <p data-testid="demo-operator">
            {t('demo.operator')}{' '}
            <span dir="ltr" className="text-fg font-mono">
              LLM_BASE_URL
            </span>
          </p>
        )}
      </div>
    </aside>
  );
}
