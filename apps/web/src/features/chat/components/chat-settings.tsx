import { CHAT_LIMITS, COSTS, MODEL_PROFILES, type ConversationDto } from '@lumi/contract';
import { useMutation } from '@tanstack/react-query';
import { Brain, Check, Sparkles, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { notify } from '@/lib/toast';
import { AutoPlaySwitch } from '../voice/auto-play-switch';
import { Sheet } from './sheet';
import { Input, Textarea } from '@/components/ui/input';

interface ChatSettingsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversation: ConversationDto | null;
  model: string;
  /** The offline demo engine answers: every model costs nothing. */
  free?: boolean;
  /** Whether the memory section applies (it needs a conversation). */
  onSave: (s: { persona_name: string; persona_description: string; model: string }) => Promise<boolean>;
  onSaveMemory: (memory: string) => Promise<boolean>;
}

function Section({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section className="border-line/70 border-b py-4 first:pt-0 last:border-b-0">
      <h3 className="flex items-center gap-2 text-sm font-bold">
        {icon}
        {title}
      </h3>
      {hint && <p className="text-muted mt-1 text-xs leading-relaxed">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * The chat's settings drawer: the model (each with its style and cost; adult ones marked), the
 * user's persona for this chat, and the memory, the rolling summary of what fell out of the
 * model's context, which the user can read and correct.
 */
export function ChatSettings(props: ChatSettingsProps) {
  const { t } = useTranslation('chat');
  return (
    <Sheet
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('settings.title')}
      testId="chat-settings"
    >
      <SettingsForm {...props} />
    </Sheet>
  );
}

/** The form, mounted each time the drawer opens, so it starts from the saved settings. */
function SettingsForm({ onOpenChange, conversation, model, free, onSave, onSaveMemory }: ChatSettingsProps) {
  const { t } = useTranslation('chat');
  const [picked, setPicked] = useState(model);
  const [name, setName] = useState(conversation?.persona_name ?? '');
  const [description, setDescription] = useState(conversation?.persona_description ?? '');
  const [memory, setMemory] = useState(conversation?.memory ?? '');
  const save = useMutation({
    mutationFn: async () => {
      const settingsChanged =
        picked !== model ||
        name.trim() !== (conversation?.persona_name ?? '') ||
        description.trim() !== (conversation?.persona_description ?? '');
      let ok = true;
      if (settingsChanged)
        ok = await onSave({
          persona_name: name.trim(),
          persona_description: description.trim(),
          model: picked,
        });
      if (ok && conversation && memory !== conversation.memory) ok = await onSaveMemory(memory);
      return ok;
    },
    onSuccess: (ok) => {
      if (!ok) return;
      notify('success', t('settings.saved'));
      onOpenChange(false);
    },
  });
  const saving = save.isPending;

  return (
    <>
      <AutoPlaySwitch />
      <Section
        icon={<Check className="text-pink h-4 w-4" aria-hidden />}
        title={t('settings.model')}
        hint={t('settings.modelHint')}
      >
        <div role="radiogroup" aria-label={t('settings.model')} className="grid gap-2">
          {MODEL_PROFILES.map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={picked === p.id}
              onClick={() => setPicked(p.id)}
              data-testid={`model-${p.id}`}
              className={cn(
                'flex items-center gap-3 rounded-2xl border px-3.5 py-2.5 text-start transition-colors',
                picked === p.id ? 'border-pink/70 bg-pink/10' : 'border-line bg-surface-2 hover:border-faint',
              )}
            >
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1.5 text-sm font-semibold">
                  <bdi>{p.name}</bdi>
                  {p.adult && (
                    <span
                      dir="ltr"
                      className="bg-pink/90 rounded px-1 text-[10px] leading-4 font-bold text-white"
                    >
                      18+
                    </span>
                  )}
                </span>
                <span className="text-muted block text-xs">{t(`settings.style.${p.chatStyle}`)}</span>
              </span>
              <span className="text-muted shrink-0 text-xs tabular-nums">
                {free ? t('settings.free') : t('settings.perMessage', { count: COSTS.chatMessage })}
              </span>
            </button>
          ))}
        </div>
      </Section>

      <Section
        icon={<UserRound className="text-pink h-4 w-4" aria-hidden />}
        title={t('settings.persona')}
        hint={t('settings.personaHint')}
      >
        <label className="text-muted mb-1 block text-xs font-semibold" htmlFor="persona-name">
          {t('settings.personaName')}
        </label>
        <Input
          id="persona-name"
          dir="auto"
          value={name}
          maxLength={CHAT_LIMITS.personaName}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('settings.personaNamePlaceholder')}
          data-testid="persona-name"
        />
        <label className="text-muted mt-3 mb-1 block text-xs font-semibold" htmlFor="persona-description">
          {t('settings.personaDescription')}
        </label>
        <Textarea
          id="persona-description"
          dir="auto"
          rows={3}
          value={description}
          maxLength={CHAT_LIMITS.personaDescription}
          onChange={(e) => setDescription(e.target.value)}
          placeholder={t('settings.personaDescriptionPlaceholder')}
        />
      </Section>

      {conversation && (
        <Section
          icon={<Brain className="text-pink h-4 w-4" aria-hidden />}
          title={t('settings.memory')}
          hint={t('settings.memoryHint')}
        >
          {conversation.memory_auto && memory === conversation.memory && (
            // Written by the chat engine as the chat grew (issue 21); the user's edit makes it theirs.
            <p
              className="text-muted mb-2 inline-flex items-center gap-1.5 text-xs"
              data-testid="chat-memory-auto"
            >
              <Sparkles className="text-pink h-3.5 w-3.5" aria-hidden />
              {t('settings.memoryAuto')}
            </p>
          )}
          <label className="sr-only" htmlFor="chat-memory">
            {t('settings.memory')}
          </label>
          <Textarea
            id="chat-memory"
            dir="auto"
            rows={6}
            value={memory}
            maxLength={CHAT_LIMITS.memory}
            onChange={(e) => setMemory(e.target.value)}
            placeholder={t('settings.memoryEmpty')}
            className="leading-relaxed"
            data-testid="chat-memory"
          />
          <p className="text-faint mt-1 text-end text-xs tabular-nums">
            {memory.length}/{CHAT_LIMITS.memory}
          </p>
        </Section>
      )}

      <div className="bg-surface sticky bottom-0 -mx-5 -mb-4 flex justify-end gap-2 px-5 py-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('message.cancel')}
        </Button>
        <Button onClick={() => save.mutate()} disabled={saving} data-testid="settings-save">
          {t('settings.save')}
        </Button>
      </div>
    </>
  );
}
