import type { BranchDto } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import chatEn from '@/locales/en/chat.json';
import commonEn from '@/locales/en/common.json';
import { fakeApi, requestsTo, setupFakeApi } from '@/testing/api-mock';
import { setupPageI18n } from '@/testing/page-i18n';
import { BranchesSheet, branchForest } from './branch-tree';

setupFakeApi();
const i18n = setupPageI18n({ chat: chatEn, common: commonEn });
afterEach(cleanup);

const HOUR = 3_600_000;
const now = Date.now();
const id = (n: number) => `6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a${String(n).padStart(2, '0')}`;
const branch = (n: number, parent: number | null, over: Partial<BranchDto> = {}): BranchDto => ({
  id: id(n),
  parent_id: parent === null ? null : id(parent),
  last: { role: 'assistant', content: `Reply in ${n}`, create_time: now - n * HOUR, character_id: null },
  message_count: 10 + n,
  create_time: now - (10 - n) * HOUR,
  active_time: now - n * HOUR,
  ...over,
});

function renderSheet(onSwitch = vi.fn(() => Promise.resolve(true)), onOpenChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
  render(
    <BranchesSheet
      open
      onOpenChange={onOpenChange}
      where={{ characterId: 7 }}
      characterName="Mira"
      shownId={id(2)}
      onSwitch={onSwitch}
    />,
    { wrapper },
  );
  return { onSwitch, onOpenChange };
}

describe('the branch tree', () => {
  it('nests each branch under the chat it came from; fresh chats newest first', () => {
    const forest = branchForest([branch(3, 1), branch(1, null), branch(2, 1), branch(4, null), branch(5, 9)]);
    expect(forest.map((n) => n.branch.id)).toEqual([id(5), id(4), id(1)]);
    expect(forest[2]?.children.map((n) => n.branch.id)).toEqual([id(2), id(3)]);
  });

  it('shows every chat with its newest message and size, marks the one shown, switches with one tap', async () => {
    fakeApi(API.chatBranches, () => ({
      current: id(2),
      branches: [
        branch(2, 1, {
          last: {
            role: 'user',
            content: 'Let us go north.',
            create_time: now - 5 * 60_000,
            character_id: null,
          },
        }),
        branch(1, null),
        branch(3, 1, { last: null, message_count: 0 }),
      ],
    }));
    const { onSwitch, onOpenChange } = renderSheet();
    await waitFor(() => expect(screen.getAllByTestId('branch-row')).toHaveLength(3));
    expect(requestsTo(API.chatBranches)[0]?.sent.query).toEqual({ characterId: '7' });
    // Names and messages are isolated from the text around them (a Latin name in Arabic).
    const text = (el: Element | undefined) => el?.textContent?.replace(/[\u2068\u2069]/g, '');
    const rows = screen.getAllByTestId('branch-row');
    const [root, shown, empty] = rows;
    expect(root?.textContent).toContain('Chat');
    expect(root?.textContent).toContain('11 messages');
    expect(text(root)).toContain('Mira: Reply in 1');
    expect(shown?.getAttribute('aria-current')).toBe('true');
    expect(shown?.textContent).toContain('Branch');
    expect(text(shown)).toContain('You: Let us go north.');
    expect(shown?.textContent).toContain('5 minutes ago');
    expect(empty?.textContent).toContain('No messages yet');
    // The branches sit in the root's own list.
    const nested = root?.parentElement?.querySelector('ul');
    expect(nested && within(nested).getAllByTestId('branch-row')).toHaveLength(2);

    fireEvent.click(root!);
    await waitFor(() => expect(onSwitch).toHaveBeenCalledWith(id(1)));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('does not switch to the chat already shown, and stays open when a switch fails', async () => {
    fakeApi(API.chatBranches, () => ({ current: id(2), branches: [branch(1, null), branch(2, 1)] }));
    const failing = vi.fn(() => Promise.resolve(false));
    const { onOpenChange } = renderSheet(failing);
    await waitFor(() => expect(screen.getAllByTestId('branch-row')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('branch-row')[1]!);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(failing).not.toHaveBeenCalled();
    onOpenChange.mockClear();
    fireEvent.click(screen.getAllByTestId('branch-row')[0]!);
    await waitFor(() => expect(failing).toHaveBeenCalledWith(id(1)));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
