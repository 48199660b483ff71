import { COSTS, type ChatStyle } from '@lumi/contract';
import { BookOpen, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, useExplainedChoices } from './form-controls';
import { modelsFor } from './form-model';

interface ModelFieldProps {
  chatStyle: ChatStyle;
  model: string;
  nsfw: boolean;
  onChatStyle: (value: ChatStyle) => void;
  onModel: (value: string) => void;
}

/** Chat style, then the models of that style; adult (18+) models only with NSFW on. */
export function ModelField({ chatStyle, model, nsfw, onChatStyle, onModel }: ModelFieldProps) {
  const { t } = useTranslation('create');
  const models = modelsFor(chatStyle, nsfw, model);
  const styles = useExplainedChoices<ChatStyle>('chatStyle', {
    story: <BookOpen className="text-pink h-5 w-5 shrink-0" aria-hidden />,
    dialogue: <MessagesSquare className="text-violet h-5 w-5 shrink-0" aria-hidden />,
  });
  return (
    <div className="space-y-6">
      <ChoiceGroup<ChatStyle>
        field="chatStyle"
        legend={t('fields.chatStyle.label')}
        value={chatStyle}
        onChange={onChatStyle}
        choices={styles}
      />
      <ChoiceGroup<string>
        field="model"
        legend={t('fields.model.label')}
        hint={
          <>
            {t('fields.model.cost', { count: COSTS.chatMessage })}
            {!nsfw && <> · {t('fields.model.adultHint')}</>}
          </>
        }
        value={model}
        onChange={onModel}
        columns="grid-cols-2"
        choices={models.map((m) => ({
          value: m.id,
          label: (
            <span className="flex items-center gap-2">
              <bdi>{m.name}</bdi>
              {m.adult && (
                <span className="bg-pink/15 text-pink rounded-md px-1.5 py-0.5 text-[0.6875rem] font-bold">
                  {t('adultBadge')}
                </span>
              )}
            </span>
          ),
        }))}
      />
    </div>
  );
}
