import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Said once at the top of every chat, above the greeting (California SB 243): who answers is an
 * AI, not a person. Quiet, but part of the conversation rather than a toast that goes away.
 */
export function AiDisclosure({ kind, name }: { kind: 'character' | 'ai'; name: string }) {
  const { t } = useTranslation('chat');
  return (
    <p
      role="note"
      className="text-faint mb-4 flex items-start justify-center gap-1.5 px-2 text-center text-xs leading-relaxed text-balance"
      data-testid="ai-disclosure"
    >
      <Bot className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{kind === 'character' ? t('disclosure.character', { name }) : t('disclosure.assistant')}</span>
    </p>
  );
}
