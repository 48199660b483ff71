import { LOREBOOK_LIMITS, LORE_LOGIC, LORE_POSITIONS, type LorebookEntry } from '@lumi/contract';
import { ChevronDown, CircleAlert, Pin, Trash2 } from 'lucide-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Fold } from '@/components/ui/fold';
import { Input, Textarea } from '@/components/ui/input';
import { isolate } from '@/lib/bidi';
import { intlLocale } from '@/lib/intl';
import { Counter, Switch } from './form-controls';
import { KeysField } from './keys-field';
import { LoreField, SwitchRow, Tiles } from './lore-fields';
import { NumberInput } from './number-input';
import {
  estimateTokens,
  viewOf,
  withChanges,
  type EntryField,
  type EntryView,
  type LoreProblem,
} from './lorebook-model';

/** A problem of the lorebook step, translated. */
export function useLoreProblemText() {
  const { t } = useTranslation('create');
  return (problem: LoreProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.key) {
      case 'tooLong':
        return t('errors.tooLong', { max: problem.max });
      case 'tooManyKeys':
        return t('lorebook.errors.tooManyKeys', { max: problem.max });
      case 'tooManyEntries':
        return t('lorebook.errors.tooManyEntries', { max: problem.max });
      case 'outOfRange':
        return t('lorebook.errors.outOfRange', { min: problem.min, max: problem.max });
      case 'bookTooLarge':
        return t('lorebook.errors.bookTooLarge');
    }
  };
}

interface LoreEntryProps {
  entry: LorebookEntry;
  index: number;
  open: boolean;
  onToggle: (index: number) => void;
  onChange: (index: number, entry: LorebookEntry) => void;
  onRemove: (index: number) => void;
  problems: Partial<Record<EntryField, LoreProblem>> | undefined;
}

/**
 * One lorebook entry: a header that says what it is (name, keywords, on or off, its length) and
 * opens the editor; in it the name, keywords and content, "always on", and the rest folded away.
 */
export const LoreEntry = memo(function LoreEntry({
  entry,
  index,
  open,
  onToggle,
  onChange,
  onRemove,
  problems,
}: LoreEntryProps) {
  const { t, i18n } = useTranslation('create');
  const problemText = useLoreProblemText();
  const uid = useId();
  const id = (part: string) => `${uid}-${part}`;
  const view = viewOf(entry, index);
  const set = (patch: Partial<EntryView>) => onChange(index, withChanges(entry, patch));
  const tokens = estimateTokens(view.content);
  const format = new Intl.NumberFormat(intlLocale(i18n.language));
  const name = view.title.trim() || t('lorebook.entry.untitled');
  const bad = problems !== undefined && Object.keys(problems).length > 0;
  const shownKeys = view.keys.slice(0, 3);
  const bodyId = id('body');
  const advancedBad = Boolean(problems?.secondaryKeys || problems?.order);

  return (
    <li
      className={cn(
        'border-line bg-surface-2/60 rounded-2xl border transition-colors duration-150',
        bad && 'border-danger/60',
        open && 'bg-surface-2/80',
      )}
      data-testid="lore-entry"
    >
      <div className="flex items-center gap-3 p-3 sm:px-4">
        <Switch
          id={id('enabled')}
          checked={view.enabled}
          onChange={(enabled) => set({ enabled })}
          label={t('lorebook.entry.use', { name: isolate(name) })}
        />
        <button
          type="button"
          onClick={() => onToggle(index)}
          aria-expanded={open}
          aria-controls={bodyId}
          className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg text-start"
        >
          <span className={cn('min-w-0 flex-1', !view.enabled && 'opacity-60')}>
            <span className="flex min-w-0 items-center gap-2">
              <bdi className={cn('truncate text-sm font-semibold', !view.title.trim() && 'text-muted')}>
                {name}
              </bdi>
              {view.constant && (
                <span className="bg-violet/15 text-violet inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-[0.6875rem] font-bold">
                  <Pin className="h-3 w-3" aria-hidden />
                  {t('lorebook.entry.alwaysOn')}
                </span>
              )}
              {bad && (
                <span className="text-danger inline-flex shrink-0 items-center gap-1 text-xs font-semibold">
                  <CircleAlert className="h-3.5 w-3.5" aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t('lorebook.entry.needsFix')}</span>
                </span>
              )}
            </span>
            <span className="text-muted mt-0.5 flex min-w-0 items-center gap-1.5 text-xs">
              {shownKeys.length === 0 ? (
                <span className="text-faint truncate">{t('lorebook.entry.noKeys')}</span>
              ) : (
                <span className="flex min-w-0 gap-1 overflow-hidden [mask-image:linear-gradient(to_right,black_85%,transparent)] rtl:[mask-image:linear-gradient(to_left,black_85%,transparent)]">
                  {shownKeys.map((key, i) => (
                    <bdi
                      key={`${key}-${i}`}
                      className="bg-surface-3 shrink-0 truncate rounded-md px-1.5 py-0.5 max-w-40"
                    >
                      {key}
                    </bdi>
                  ))}
                  {view.keys.length > shownKeys.length && (
                    <span className="tabular shrink-0 py-0.5" dir="ltr">
                      +{view.keys.length - shownKeys.length}
                    </span>
                  )}
                </span>
              )}
            </span>
          </span>
          <span className="text-faint tabular hidden shrink-0 text-xs sm:inline">
            {t('lorebook.entry.tokens', { count: tokens, formatted: format.format(tokens) })}
          </span>
          <ChevronDown
            className={cn(
              'text-muted h-4 w-4 shrink-0 transition-transform duration-150',
              open && 'rotate-180',
            )}
            aria-hidden
          />
        </button>
      </div>

      {open && (
        <div id={bodyId} className="border-line space-y-5 border-t px-3 pt-4 pb-4 sm:px-4">
          <LoreField
            id={id('title')}
            label={t('lorebook.fields.title.label')}
            aside={<Counter value={view.title.length} max={LOREBOOK_LIMITS.title} />}
            hint={t('lorebook.fields.title.hint')}
            problem={problemText(problems?.title)}
          >
            <Input
              id={id('title')}
              data-lore-field="title"
              className="mt-2"
              value={view.title}
              dir="auto"
              autoComplete="off"
              maxLength={LOREBOOK_LIMITS.title}
              placeholder={t('lorebook.fields.title.placeholder')}
              aria-describedby={`${id('title-hint')}${problems?.title ? ` ${id('title-error')}` : ''}`}
              aria-invalid={problems?.title ? true : undefined}
              onChange={(e) => set({ title: e.target.value })}
            />
          </LoreField>

          <KeysField
            id={id('keys')}
            label={t('lorebook.fields.keys.label')}
            hint={t('lorebook.fields.keys.hint')}
            placeholder={t('lorebook.fields.keys.placeholder')}
            value={view.keys}
            onChange={(keys) => set({ keys })}
            error={problemText(problems?.keys)}
          />

          <LoreField
            id={id('content')}
            label={t('lorebook.fields.content.label')}
            aside={<Counter value={view.content.length} max={LOREBOOK_LIMITS.content} />}
            problem={problemText(problems?.content)}
          >
            <Textarea
              id={id('content')}
              className="mt-2 leading-relaxed"
              rows={5}
              value={view.content}
              dir="auto"
              maxLength={LOREBOOK_LIMITS.content}
              placeholder={t('lorebook.fields.content.placeholder')}
              aria-describedby={`${id('tokens')}${problems?.content ? ` ${id('content-error')}` : ''}`}
              aria-invalid={problems?.content ? true : undefined}
              onChange={(e) => set({ content: e.target.value })}
            />
            <p id={id('tokens')} className="text-faint tabular mt-1 text-xs" data-testid="lore-tokens">
              {t('lorebook.entry.tokens', { count: tokens, formatted: format.format(tokens) })}
            </p>
          </LoreField>

          <SwitchRow
            id={id('constant')}
            label={t('lorebook.fields.constant.label')}
            hint={t('lorebook.fields.constant.hint')}
            checked={view.constant}
            onChange={(constant) => set({ constant })}
          />

          <Fold title={t('lorebook.entry.more')} open={advancedBad}>
            <div className="space-y-5 px-3.5 pt-1 pb-4">
              <KeysField
                id={id('secondary')}
                label={t('lorebook.fields.secondaryKeys.label')}
                hint={t('lorebook.fields.secondaryKeys.hint')}
                placeholder={t('lorebook.fields.secondaryKeys.placeholder')}
                value={view.secondaryKeys}
                onChange={(secondaryKeys) => set({ secondaryKeys })}
                error={problemText(problems?.secondaryKeys)}
              />
              {view.secondaryKeys.length > 0 && (
                <Tiles
                  name={id('logic')}
                  legend={t('lorebook.fields.logic.label')}
                  value={view.logic}
                  onChange={(logic) => set({ logic })}
                  choices={LORE_LOGIC.map((logic) => ({
                    value: logic,
                    label: t(`lorebook.fields.logic.${logic}`),
                  }))}
                />
              )}
              {(['caseSensitive', 'wholeWords'] as const).map((field) => (
                <SwitchRow
                  key={field}
                  id={id(field)}
                  label={t(`lorebook.fields.${field}.label`)}
                  hint={t(`lorebook.fields.${field}.hint`)}
                  checked={view[field]}
                  onChange={(on) => set({ [field]: on })}
                />
              ))}
              <Tiles
                name={id('position')}
                legend={t('lorebook.fields.position.label')}
                value={view.position}
                onChange={(position) => set({ position })}
                choices={LORE_POSITIONS.map((position) => ({
                  value: position,
                  label: t(`lorebook.fields.position.${position}`),
                }))}
              />
              <LoreField
                id={id('order')}
                label={t('lorebook.fields.order.label')}
                hint={t('lorebook.fields.order.hint')}
                problem={problemText(problems?.order)}
              >
                <NumberInput
                  id={id('order')}
                  className="mt-2 max-w-32"
                  value={view.order}
                  aria-describedby={id('order-hint')}
                  aria-invalid={problems?.order ? true : undefined}
                  onChange={(order) => {
                    if (order !== null) set({ order });
                  }}
                />
              </LoreField>
            </div>
          </Fold>

          <div className="flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => onRemove(index)} className="hover:text-danger">
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('lorebook.entry.remove')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
});
