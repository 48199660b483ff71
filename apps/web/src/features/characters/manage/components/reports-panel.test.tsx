import { type ModerationLogPage, type ReportQueueItem, type SafetyCounts } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import charactersEn from '@/locales/en/characters.json';
import commonEn from '@/locales/en/common.json';
import manageEn from '@/locales/en/manage.json';
import reportsEn from '@/locales/en/reports.json';
import { fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { memoryRouter } from '@/testing/memory-router';
import { setupPageI18n } from '@/testing/page-i18n';
import { CharacterDialogHost } from '../../components/character-dialog-host';
import { LogPanel } from './log-panel';
import { actionsFor } from './report-row';
import { ReportsPanel } from './reports-panel';

setupFakeApi();

const i18n = setupPageI18n({
  common: commonEn,
  manage: manageEn,
  reports: reportsEn,
  characters: charactersEn,
});

const creator = { id: 'u-1', name: 'Rowan', banned: false, hidden: false };
const item = (over: Partial<ReportQueueItem> = {}): ReportQueueItem => ({
  target_type: 'character',
  target_id: '12',
  open_reports: 2,
  reasons: { hate: 1, minor_safety: 1 },
  details: ['She says she is in 9th grade.'],
  excerpt: '',
  first_reported_at: Date.UTC(2026, 6, 1),
  last_reported_at: Date.UTC(2026, 6, 2),
  hidden: false,
  gone: false,
  item: {
    title: 'Harbour Hana',
    image: '/files/a.webp',
    text: 'Keeps the light.',
    adult: false,
    character_id: 12,
    share_id: null,
    creator,
  },
  ...over,
});

const days = Array.from({ length: 30 }, (_, i) => `2026-06-${String(i + 1).padStart(2, '0')}`);
const zeros = () => days.map(() => 0);
const COUNTS: SafetyCounts = {
  days,
  verdicts: { refuse: [...zeros().slice(1), 4], crisis: [...zeros().slice(1), 1], explicit: zeros() },
  surfaces: { chat: [...zeros().slice(1), 3], character: [...zeros().slice(1), 2] },
  totals: { refuse: 4, crisis: 1, explicit: 0 },
  open_reports: {
    items: 2,
    reports: 3,
    by_type: { character: 2, message: 1, share: 0, profile: 0 },
    by_reason: {
      minor_safety: 1,
      sexual_content: 1,
      violence: 0,
      hate: 1,
      self_harm: 0,
      spam: 0,
      impersonation: 0,
      other: 0,
    },
  },
  hidden: { characters: 1, shares: 0, profiles: 0 },
  banned_users: 0,
  engines: ['offline-floor'],
};

let queue: ReportQueueItem[];
/** The actions the admin sent, as the page sent them. */
const actions = () => requestsTo(API.reportAction).map((r) => r.sent.body);
const LOG: ModerationLogPage = {
  entries: [
    {
      id: 2,
      actor: { id: 'a-1', name: 'Ada' },
      action: 'ban',
      target_type: 'profile',
      target_id: 'u-1',
      target_label: 'Rowan',
      note: 'Repeat offender.',
      created_at: Date.UTC(2026, 6, 2, 9, 30),
    },
    {
      id: 1,
      actor: null,
      action: 'auto_hide',
      target_type: 'character',
      target_id: '12',
      target_label: 'Harbour Hana',
      note: 'hidden by reports (3 of 3)',
      created_at: Date.UTC(2026, 6, 2, 9, 0),
    },
  ],
  has_more: false,
};

/** The server: the queue (an action closes its item), the figures and the log. */
function fakeServer() {
  fakeApi(API.reportQueue, () => ({ items: queue, has_more: false, total_count: queue.length }));
  fakeApi(API.safetyCounts, () => COUNTS);
  fakeApi(API.reportAction, ({ body }) => {
    const acted = queue.find((i) => i.target_type === body.target_type && i.target_id === body.target_id);
    queue = queue.filter((i) => i !== acted);
    return {
      target_type: body.target_type,
      target_id: body.target_id,
      action: body.action,
      hidden: body.action === 'hide' || (acted?.hidden ?? false),
      gone: body.action === 'delete',
      closed_reports: acted?.open_reports ?? 0,
    };
  });
  fakeApi(API.reportLog, () => LOG);
}

beforeEach(() => {
  queue = [
    item(),
    item({
      target_type: 'message',
      target_id: '99',
      open_reports: 1,
      reasons: { sexual_content: 1 },
      details: [],
      excerpt: 'A reply that went too far.',
      item: { ...item().item, title: 'Harbour Hana', text: '' },
    }),
  ];
  fakeServer();
});
afterEach(cleanup);

function show(panel: 'reports' | 'log') {
  const onForbidden = vi.fn();
  const router = memoryRouter('/manage-character?tab=reports', {
    '*': (
      <>
        {panel === 'reports' ? (
          <ReportsPanel onForbidden={onForbidden} />
        ) : (
          <LogPanel onForbidden={onForbidden} />
        )}
        <CharacterDialogHost />
      </>
    ),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>{router.element}</I18nextProvider>
    </QueryClientProvider>,
  );
}

const row = (target: string) =>
  screen.getAllByTestId('report-row').find((r) => r.getAttribute('data-target') === target)!;

describe('the Reports tab', () => {
  it('shows the safety figures and each reported item with why it was reported', async () => {
    show('reports');
    const summary = await screen.findByTestId('safety-summary');
    expect(within(summary).getByText('Safety, last 30 days')).toBeTruthy();
    expect(within(summary).getAllByText('Refused')[0]!.nextSibling?.textContent).toBe('4');
    expect(within(summary).getAllByText('Crisis notices')[0]!.nextSibling?.textContent).toBe('1');
    expect(within(summary).getByText('Chat messages')).toBeTruthy();

    const character = row('character:12');
    expect(within(character).getByText('Harbour Hana')).toBeTruthy();
    expect(within(character).getByText('2 reports')).toBeTruthy();
    expect(within(character).getByText('A minor at risk')).toBeTruthy();
    expect(within(character).getByText('She says she is in 9th grade.')).toBeTruthy();
    const message = row('message:99');
    expect(within(message).getByText('A reply from \u2068Harbour Hana\u2069')).toBeTruthy();
    expect(within(message).getByText('A reply that went too far.')).toBeTruthy();
  });

  it('offers only the actions that fit the item', () => {
    expect(actionsFor(item())).toEqual(['hide', 'delete', 'ban', 'dismiss']);
    expect(actionsFor(item({ hidden: true }))).toEqual(['restore', 'delete', 'ban', 'dismiss']);
    expect(actionsFor(item({ target_type: 'message' }))).toEqual(['ban', 'dismiss']);
    const banned = item({ item: { ...item().item, creator: { ...creator, banned: true } } });
    expect(actionsFor(banned)).toEqual(['hide', 'delete', 'unban', 'dismiss']);
    expect(actionsFor(item({ gone: true, item: { ...item().item, creator: null } }))).toEqual(['dismiss']);
  });

  it('acts with the note for the log, and the item leaves the queue', async () => {
    show('reports');
    await screen.findByTestId('safety-summary');
    const character = row('character:12');
    fireEvent.change(within(character).getByPlaceholderText('Note for the log (optional)'), {
      target: { value: 'Not a minor: the card says 25. ' },
    });
    fireEvent.click(within(character).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(actions()).toHaveLength(1));
    expect(actions()[0]).toEqual({
      target_type: 'character',
      target_id: '12',
      action: 'dismiss',
      note: 'Not a minor: the card says 25.',
    });
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(1));
  });

  it('asks before banning a creator, and sends nothing when the admin cancels', async () => {
    show('reports');
    await screen.findByTestId('safety-summary');
    fireEvent.click(within(row('character:12')).getByRole('button', { name: 'Ban creator' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ban \u2068Rowan\u2069?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actions()).toHaveLength(0);

    fireEvent.click(within(row('character:12')).getByRole('button', { name: 'Delete' }));
    const sure = await screen.findByRole('dialog', { name: 'Delete “\u2068Harbour Hana\u2069”?' });
    fireEvent.click(within(sure).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(actions()).toEqual([{ target_type: 'character', target_id: '12', action: 'delete', note: '' }]),
    );
  });

  it('says so when nothing is reported', async () => {
    queue = [];
    show('reports');
    expect(await screen.findByTestId('reports-empty')).toBeTruthy();
    expect(screen.getByText('No open reports')).toBeTruthy();
  });
});

describe('the Log tab', () => {
  it('lists who did what, the automatic hides included, with the notes', async () => {
    show('log');
    const entries = await screen.findAllByTestId('log-entry');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Banned')).toBeTruthy();
    expect(within(entries[0]!).getByText('Rowan')).toBeTruthy();
    expect(within(entries[0]!).getByText(/by .*Ada/)).toBeTruthy();
    expect(within(entries[0]!).getByText('Repeat offender.')).toBeTruthy();
    expect(within(entries[1]!).getByText('Hidden by reports')).toBeTruthy();
    expect(within(entries[1]!).getByText('Automatic, after reports')).toBeTruthy();
  });
});
