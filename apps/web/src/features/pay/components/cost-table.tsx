import { COSTS } from '@lumi/contract';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/app-config';

/** Each row: what the user does and what it costs, as the cell reads. */
function useRows(): readonly { key: string; cost: string }[] {
  const { t } = useTranslation('pay');
  const credits = (count: number) => t('costs.value', { count });
  return [
    { key: 'chatMessage', cost: credits(COSTS.chatMessage) },
    { key: 'imageStandard', cost: credits(COSTS.imageStandard) },
    { key: 'imageAdvanced', cost: credits(COSTS.imageAdvanced) },
    { key: 'styledImages', cost: t('costs.sameAsImage') },
    { key: 'tts', cost: t('costs.ttsCost', { count: COSTS.ttsUnit, chars: COSTS.ttsCharsPerUnit }) },
    { key: 'voiceClone', cost: credits(COSTS.voiceClone) },
    { key: 'faceSwap', cost: credits(COSTS.faceSwap) },
  ];
}

/** The credit costs of COSTS, and the free credits everyone gets each day. */
export function CostTable() {
  const { t } = useTranslation('pay');
  const rows = useRows();
  return (
    <section aria-labelledby="pay-costs" className="border-line bg-surface rounded-3xl border p-5 sm:p-6">
      <h2 id="pay-costs" className="text-lg font-bold">
        {t('costs.heading')}
      </h2>
      <table className="mt-3 w-full text-sm" data-testid="cost-table">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('costs.action')}</th>
            <th scope="col">{t('costs.cost')}</th>
          </tr>
        </thead>
        <tbody className="divide-line divide-y">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-2.5 pe-3 text-start font-medium">
                {t(`costs.${row.key}`)}
              </th>
              <td className="tabular text-muted py-2.5 text-end">{row.cost}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="bg-surface-2 mt-4 flex items-start gap-2.5 rounded-2xl p-3 text-sm">
        <Gift className="text-pink mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{t('costs.daily', { count: appConfig.dailyFreeCredits })}</span>
      </p>
    </section>
  );
}
