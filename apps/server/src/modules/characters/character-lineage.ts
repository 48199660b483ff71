import { buildPath, newestCredits, type BasedOn, type CardCredit } from '@lumi/contract';
import type { Character, LineageEntry, User } from '../../db/schema';
import { creditedCreator } from './character-card';
import type { FullRow, SourceState } from './characters.repository';

/*
 * Creator credit (issue 21, item 5; docs/decisions.md "Creator credit and forks"). A clone keeps
 * the chain of versions it is based on as they were when it was cloned; what a viewer is shown of
 * it, and what an exported card carries, is decided here.
 */

/** Everyone may see it: public, approved, not hidden by moderation, not deleted. */
export const isListed = (c: Character): boolean =>
  c.visibility === 'public' && c.approval === 'approved' && c.hiddenAt === null && c.deletedAt === null;

/** A clone's lineage: its source's, then the source itself as it is now (the newest 20 kept). */
export function lineageOfClone(source: FullRow): LineageEntry[] {
  const s = source.c;
  return newestCredits([
    ...s.lineage,
    { id: s.id, name: s.name, creator: creditedCreator(source), listed: isListed(s) },
  ]);
}

/** The ids of a lineage's versions that are this site's characters. */
export const lineageIds = (lineage: readonly LineageEntry[]): number[] =>
  lineage.flatMap((e) => (e.id === undefined ? [] : [e.id]));

interface Credit {
  /** The entry as it may be shown (the creator's name left out while their profile is hidden). */
  entry: LineageEntry;
  /** The viewer may open the source now (visible, and adult only with adult content on). */
  openable: boolean;
  /** Everyone may see the source now. */
  listedNow: boolean;
}

/**
 * The versions a viewer is credited with. A version that everyone could see when it was cloned
 * keeps its name then, whatever became of it; one that was not (only its owner, or an admin,
 * could clone it) is left out unless the viewer may see it now. Names are never read again: a
 * source renamed or made private later shows the name it had in public. A creator whose profile
 * is hidden now (by an admin or reports) is credited without their name, as everywhere else.
 */
function creditsFor(
  lineage: readonly LineageEntry[],
  states: ReadonlyMap<number, SourceState>,
  user: User,
): Credit[] {
  return lineage.flatMap((entry) => {
    const state = entry.id === undefined ? undefined : states.get(entry.id);
    const visible = state?.visible === true;
    if (!entry.listed && !visible) return [];
    return [
      {
        entry: state?.creatorHidden ? { ...entry, creator: '' } : entry,
        openable: visible && (!state?.nsfw || user.enableNsfw),
        listedNow: state?.listed === true,
      },
    ];
  });
}

/** The character page's `based_on`: a link (the id) only to a source the viewer may open. */
export function basedOnFor(
  lineage: readonly LineageEntry[],
  states: ReadonlyMap<number, SourceState>,
  user: User,
): BasedOn[] {
  return creditsFor(lineage, states, user).map(({ entry, openable }) => ({
    id: openable && entry.id !== undefined ? entry.id : null,
    name: entry.name,
    creator: entry.creator,
  }));
}

/**
 * The chain an exported card carries: what the exporter is credited with, but never a version
 * that no one but its owner could see, then or now (a card goes anywhere); a version of this site
 * that everyone may see now has its page's address.
 */
export function cardCreditsFor(
  lineage: readonly LineageEntry[],
  states: ReadonlyMap<number, SourceState>,
  user: User,
  publicUrl: string,
): CardCredit[] {
  return creditsFor(lineage, states, user)
    .filter(({ entry, listedNow }) => entry.listed || listedNow)
    .map(({ entry, listedNow }) => {
      const url =
        entry.id !== undefined && listedNow
          ? publicUrl + buildPath('en', 'characterChat', { code: String(entry.id) })
          : entry.url;
      return { name: entry.name, creator: entry.creator, ...(url ? { url } : {}) };
    });
}
