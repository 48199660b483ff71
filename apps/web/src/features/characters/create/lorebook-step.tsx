import {
  LOREBOOK_DEFAULT_SCAN_DEPTH,
  LOREBOOK_LIMITS,
  type Lorebook,
  type LorebookEntry,
} from '@lumi/contract';
import { BookOpen, CircleAlert, Loader2, Plus, RotateCcw } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Fold } from '@/components/ui/fold';
import { Counter, fieldId, useErrorText } from './form-controls';
import { LoreEntry, useLoreProblemText } from './lore-entry';
import { LoreField, SwitchRow } from './lore-fields';
import {
  emptyBook,
  loreProblems,
  newEntry,
  settingsOf,
  withSettings,
  type BookSettings,
} from './lorebook-model';
import { NumberInput } from './number-input';
import type { CharacterForm } from './use-character-form';

/** Enter in a one-line field of the step does not send the form (it is the last step: Publish). */
function keepEnter(e: KeyboardEvent<HTMLDivElement>) {
  const target = e.target as HTMLElement;
  if (e.key === 'Enter' && target instanceof HTMLInputElement) e.preventDefault();
}

/**
 * The lorebook step (issue 21): the entries the chat adds to a reply when their keywords come up,
 * and the book's own settings. The book is edited as it is sent (lorebook-model.ts).
 */
export function LorebookStep({ form }: { form: CharacterForm }) {
  const { t } = useTranslation('create');
  const errorText = useErrorText();
  const problemText = useLoreProblemText();
  const book = form.values.lorebook;
  const entries = book?.entries ?? [];
  const problems = useMemo(() => loreProblems(book), [book]);
  // Which entries are open, by index; a single entry starts open.
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(entries.length === 1 ? [0] : []));
  const focusTitle = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // An entry opened to show its problem stays open once fixed.
  const flagged = [...problems.entries.keys()].filter((i) => !open.has(i));
  if (flagged.length > 0) setOpen(new Set([...open, ...flagged]));

  // The entries' callbacks stay the same across renders (each entry re-renders only when it
  // changes: a book may hold hundreds), reading the latest book through a ref.
  const latest = useRef({ book, open, setField: form.setField });
  useLayoutEffect(() => {
    latest.current = { book, open, setField: form.setField };
  });
  const changeEntry = useCallback((index: number, next: LorebookEntry) => {
    const { book: current, setField } = latest.current;
    const list = current?.entries ?? [];
    setField('lorebook', {
      ...(current ?? emptyBook()),
      entries: list.map((e, i) => (i === index ? next : e)),
    });
  }, []);
  const removeEntry = useCallback((index: number) => {
    const { book: current, open: opened, setField } = latest.current;
    const list = current?.entries ?? [];
    setField('lorebook', { ...(current ?? emptyBook()), entries: list.filter((_, i) => i !== index) });
    setOpen(new Set([...opened].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
  }, []);
  const toggleEntry = useCallback((index: number) => {
    setOpen((opened) => {
      const next = new Set(opened);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }, []);

  useEffect(() => {
    const index = focusTitle.current;
    if (index === null) return;
    focusTitle.current = null;
    const item = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="lore-entry"]')[index];
    item?.querySelector<HTMLInputElement>('input[data-lore-field="title"]')?.focus();
    item?.scrollIntoView({ block: 'nearest' });
  });

  if (form.bookState !== 'ready')
    return <BookLoading failed={form.bookState === 'failed'} onRetry={form.retryBook} />;

  const setBook = (next: Lorebook) => form.setField('lorebook', next);
  const setEntries = (next: LorebookEntry[]) => setBook({ ...(book ?? emptyBook()), entries: next });
  const full = entries.length >= LOREBOOK_LIMITS.entries;

  const add = () => {
    const index = entries.length;
    setEntries([...entries, newEntry(book)]);
    setOpen(new Set([...open, index]));
    focusTitle.current = index;
  };
  const bookProblem = problemText(problems.book.entries ?? problems.book.size);
  const stepError = errorText(form.errors.lorebook);

  return (
    <div className="space-y-5" data-field="lorebook" onKeyDown={keepEnter}>
      <p className="text-muted text-sm leading-relaxed text-pretty">{t('lorebook.intro')}</p>

      {(stepError || bookProblem) && (
        <p
          id={fieldId('lorebook')}
          tabIndex={-1}
          role="alert"
          className="border-danger/40 bg-danger/10 text-fg flex items-start gap-2 rounded-xl border px-3 py-2.5 text-sm focus:outline-none"
        >
          <CircleAlert className="text-danger mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{bookProblem ?? stepError}</span>
        </p>
      )}

      {entries.length === 0 ? (
        <div className="border-line bg-surface-2/40 flex flex-col items-center rounded-2xl border border-dashed px-5 py-8 text-center">
          <span className="bg-pink/15 text-pink grid h-12 w-12 place-items-center rounded-2xl" aria-hidden>
            <BookOpen className="h-6 w-6" />
          </span>
          <p className="mt-3 text-sm font-semibold">{t('lorebook.empty.title')}</p>
          <p className="text-muted mt-1 max-w-sm text-xs leading-relaxed text-pretty">
            {t('lorebook.empty.text')}
          </p>
          <Button size="md" className="mt-4" onClick={add}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('lorebook.add')}
          </Button>
        </div>
      ) : (
        <section aria-labelledby="cc-lore-entries">
          <div className="flex items-center justify-between gap-3">
            <h3 id="cc-lore-entries" className="text-sm font-semibold">
              {t('lorebook.entries')}
            </h3>
            <Counter value={entries.length} max={LOREBOOK_LIMITS.entries} />
          </div>
          <ol ref={listRef} className="mt-2 space-y-2.5">
            {entries.map((entry, index) => (
              <LoreEntry
                // Entries have no id of their own in every card; their place is theirs.
                key={index}
                entry={entry}
                index={index}
                open={open.has(index) || problems.entries.has(index)}
                onToggle={toggleEntry}
                onChange={changeEntry}
                onRemove={removeEntry}
                problems={problems.entries.get(index)}
              />
            ))}
          </ol>
          <Button variant="secondary" size="sm" className="mt-3" onClick={add} disabled={full}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('lorebook.add')}
          </Button>
        </section>
      )}

      <BookSettingsFold
        book={book}
        onChange={(patch) => setBook(withSettings(book ?? emptyBook(), patch))}
        problems={{
          scanDepth: problemText(problems.book.scanDepth),
          tokenBudget: problemText(problems.book.tokenBudget),
        }}
      />
    </div>
  );
}

function BookLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('create');
  if (!failed)
    return (
      <div className="space-y-2.5" aria-busy="true">
        <p className="text-muted flex items-center gap-2 text-sm">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          {t('lorebook.loading')}
        </p>
        {[0, 1].map((i) => (
          <div
            key={i}
            className="bg-surface-2/60 h-16 animate-pulse rounded-2xl motion-reduce:animate-none"
          />
        ))}
      </div>
    );
  return (
    <div className="border-line bg-surface-2/60 flex flex-wrap items-center gap-3 rounded-2xl border px-4 py-3 text-sm">
      <CircleAlert className="text-danger h-4 w-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1 basis-56" role="alert">
        {t('lorebook.loadFailed')}
      </span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden />
        {t('lorebook.retry')}
      </Button>
    </div>
  );
}

function BookSettingsFold({
  book,
  onChange,
  problems,
}: {
  book: Lorebook | null;
  onChange: (patch: Partial<BookSettings>) => void;
  problems: { scanDepth: string | undefined; tokenBudget: string | undefined };
}) {
  const { t } = useTranslation('create');
  const settings = settingsOf(book);
  const id = (part: string) => `cc-lore-${part}`;
  const bad = Boolean(problems.scanDepth || problems.tokenBudget);
  return (
    <Fold title={t('lorebook.settings.title')} open={bad}>
      <div className="grid gap-5 px-3.5 pt-1 pb-4 sm:grid-cols-2">
        <LoreField
          id={id('depth')}
          label={t('lorebook.settings.scanDepth.label')}
          hint={t('lorebook.settings.scanDepth.hint', { value: LOREBOOK_DEFAULT_SCAN_DEPTH })}
          problem={problems.scanDepth}
        >
          <NumberInput
            id={id('depth')}
            nullable
            className="mt-2 max-w-32"
            value={settings.scanDepth}
            placeholder={String(LOREBOOK_DEFAULT_SCAN_DEPTH)}
            aria-describedby={id('depth-hint')}
            aria-invalid={problems.scanDepth ? true : undefined}
            onChange={(scanDepth) => onChange({ scanDepth })}
          />
        </LoreField>
        <LoreField
          id={id('budget')}
          label={t('lorebook.settings.tokenBudget.label')}
          hint={t('lorebook.settings.tokenBudget.hint')}
          problem={problems.tokenBudget}
        >
          <NumberInput
            id={id('budget')}
            nullable
            className="mt-2 max-w-40"
            value={settings.tokenBudget}
            placeholder={t('lorebook.settings.tokenBudget.placeholder')}
            aria-describedby={id('budget-hint')}
            aria-invalid={problems.tokenBudget ? true : undefined}
            onChange={(tokenBudget) => onChange({ tokenBudget })}
          />
        </LoreField>
        <div className="sm:col-span-2">
          <SwitchRow
            id={id('recursive')}
            label={t('lorebook.settings.recursive.label')}
            hint={t('lorebook.settings.recursive.hint')}
            checked={settings.recursive}
            onChange={(recursive) => onChange({ recursive })}
          />
        </div>
      </div>
    </Fold>
  );
}
