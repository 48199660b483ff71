import { crisisLine, CRISIS_FALLBACK } from '@lumi/contract';
import { HeartHandshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';

const link = 'text-fg font-semibold underline underline-offset-2';
const directory = CRISIS_FALLBACK.url.replace(/^https:\/\//, '');

/** Numbers keep their digit order inside Arabic text. */
function Tel({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <a href={`tel:${to}`} dir="ltr" className={link}>
      {children}
    </a>
  );
}

/**
 * Shown before a reply to a message that expressed self-harm or suicidal intent (issue 18): a
 * calm word and the crisis line of the reader's interface language, from the contract's table,
 * with the number to call in immediate danger and a directory for other countries.
 */
export function CrisisNotice() {
  const { t } = useTranslation('chat');
  const line = crisisLine(useLocale());
  const elsewhere = (
    <a href={CRISIS_FALLBACK.url} target="_blank" rel="noopener noreferrer" dir="ltr" className={link} />
  );

  return (
    <div
      role="note"
      aria-label={t('crisis.label')}
      className="border-violet/40 bg-violet/10 text-fg flex gap-3 rounded-2xl border px-4 py-3 text-sm leading-relaxed"
      data-testid="crisis-notice"
    >
      <HeartHandshake className="text-violet mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-1.5">
        <p>{t('crisis.lead')}</p>
        {line.kind === 'line' ? (
          <>
            <p data-testid="crisis-line">
              <Trans
                t={t}
                i18nKey="crisis.line"
                values={{ name: line.name, country: line.countryName, phone: line.phone }}
                components={{
                  name: <a href={line.url} target="_blank" rel="noopener noreferrer" className={link} />,
                  tel: <Tel to={line.dial} />,
                }}
              />
              <span className="text-muted">
                {' · '}
                {line.sms ? (
                  <Trans
                    t={t}
                    i18nKey="crisis.callOrText"
                    components={{
                      call: <a href={`tel:${line.dial}`} className="underline underline-offset-2" />,
                      sms: <a href={`sms:${line.sms}`} className="underline underline-offset-2" />,
                    }}
                  />
                ) : (
                  t('crisis.call')
                )}
                {line.hours && ` · ${line.hours}`}
                {line.free && ` · ${t('crisis.free')}`}
              </span>
            </p>
            <p>
              <Trans
                t={t}
                i18nKey="crisis.danger"
                values={{ number: line.emergency }}
                components={{ tel: <Tel to={line.emergency} /> }}
              />
            </p>
            <p className="text-muted">
              <Trans
                t={t}
                i18nKey="crisis.elsewhere"
                values={{ site: directory }}
                components={{ web: elsewhere }}
              />
            </p>
          </>
        ) : (
          <p>
            <Trans t={t} i18nKey="crisis.find" values={{ site: directory }} components={{ web: elsewhere }} />{' '}
            {t('crisis.dangerLocal')}
          </p>
        )}
      </div>
    </div>
  );
}
