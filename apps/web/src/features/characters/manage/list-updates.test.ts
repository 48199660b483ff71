import { ErrorCode, type CharacterPage, type CharacterSummary } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { resolveAccess } from './access';
import { belongsTo, flattenPages, updateCharacter, type AdminPages } from './list-updates';

const character = (id: number, approval: CharacterSummary['approval'] = 'pending') =>
  ({ id, name: `c${id}`, approval }) as CharacterSummary;

const pages = (...lists: CharacterSummary[][]): AdminPages => ({
  pages: lists.map((characters, i): CharacterPage => ({
    characters,
    has_more: i < lists.length - 1,
    is_admin: true,
    ...(i === 0 ? { total_count: lists.flat().length } : {}),
  })),
  pageParams: lists.map((_, i) => i + 1),
});

describe('optimistic list updates', () => {
  it('knows which lists a character belongs to', () => {
    expect(belongsTo({ kind: 'queue' }, 'pending')).toBe(true);
    expect(belongsTo({ kind: 'queue' }, 'approved')).toBe(false);
    expect(belongsTo({ kind: 'all', approval: undefined }, 'rejected')).toBe(true);
    expect(belongsTo({ kind: 'all', approval: 'approved' }, 'rejected')).toBe(false);
  });

  it('changes a character in place', () => {
    const data = pages([character(1), character(2)], [character(3)]);
    const next = updateCharacter(data, 3, (c) => ({ ...c, approval: 'approved' }));
    expect(next?.pages[1]?.characters[0]?.approval).toBe('approved');
    expect(next?.pages[0]?.total_count).toBe(3);
    expect(data.pages[1]?.characters[0]?.approval).toBe('pending');
  });

  it('removes a character that leaves the list and lowers the count', () => {
    const data = pages([character(1), character(2)], [character(3)]);
    const next = updateCharacter(data, 2, () => null);
    expect(flattenPages(next).map((c) => c.id)).toEqual([1, 3]);
    expect(next?.pages[0]?.total_count).toBe(2);
  });

  it('leaves lists without the character alone', () => {
    const data = pages([character(1)]);
    expect(updateCharacter(data, 9, () => null)).toEqual(data);
    expect(updateCharacter(undefined, 1, () => null)).toBeUndefined();
  });

  it('lists each character once when a shifted page repeats one', () => {
    expect(
      flattenPages(pages([character(1), character(2)], [character(2), character(3)])).map((c) => c.id),
    ).toEqual([1, 2, 3]);
  });
});

describe('page access', () => {
  const forbidden = (message: string) => new ApiError('business', ErrorCode.FORBIDDEN, message);

  it('waits, then lets an admin in', () => {
    expect(resolveAccess(null, false, null)).toEqual({ state: 'checking' });
    expect(resolveAccess(null, true, null)).toEqual({ state: 'admin' });
  });

  it('tells a non-admin the page is for admins', () => {
    expect(resolveAccess(forbidden('no'), false, null)).toEqual({ state: 'notAdmin' });
  });

  it("shows the server's manage_blocked message when an admin call is refused", () => {
    expect(
      resolveAccess(null, true, forbidden('Character management is not available on this site.')),
    ).toEqual({
      state: 'blocked',
      message: 'Character management is not available on this site.',
    });
  });

  it('offers a retry when the queue fails otherwise', () => {
    expect(resolveAccess(new ApiError('network', -1, 'network'), false, null)).toEqual({ state: 'error' });
  });
});
