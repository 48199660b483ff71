import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { characters, characterTags, tags, users } from '../db/schema';
import { systemClock } from '../lib/clock';
import * as repo from '../modules/characters/characters.repository';
import { CATALOGUE_OWNER_ID, seedCatalogue } from './catalogue';

/**
 * A catalogue seeded before drawn avatars lost the "Realistic" tag: the next start takes it off
 * the seeded characters (tag line and tag relation) and leaves users' characters alone.
 */
describe('a catalogue seeded with Realistic on drawn avatars', () => {
  let database: Database;
  const USER_ID = '00000000-0000-4000-8000-00000000abcd';
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database.close());

  async function character(ownerId: string, headKey: string, tagNames: string[]): Promise<number> {
    const row = await repo.insertCharacter(database.db, {
      ownerId,
      name: `Someone ${headKey}`,
      description: 'A test character.',
      personality: 'Calm.',
      firstMessage: 'Hello there, traveller.',
      alternateGreetings: [],
      scenario: '',
      exampleDialogue: '',
      chatStyle: 'story',
      model: 'nela-8b',
      category: 'realistic',
      gender: 'Female',
      nsfw: false,
      visibility: 'public',
      approval: 'approved',
      headKey,
      listHeadKey: headKey,
      tagLine: tagNames.join(','),
    });
    await repo.setTags(database.db, row.id, tagNames);
    return row.id;
  }

  async function tagsOf(id: number): Promise<{ line: string; relation: string[] }> {
    const [row] = await database.db
      .select({ line: characters.tagLine })
      .from(characters)
      .where(eq(characters.id, id));
    const relation = await database.db
      .select({ name: tags.name })
      .from(characterTags)
      .innerJoin(tags, eq(tags.id, characterTags.tagId))
      .where(eq(characterTags.characterId, id));
    return { line: row?.line ?? '', relation: relation.map((r) => r.name).sort() };
  }

  it('takes the tag off seeded drawings only', async () => {
    await database.db.insert(users).values([
      { id: CATALOGUE_OWNER_ID, type: 0, name: 'Lumi AI' },
      { id: USER_ID, type: 0, name: 'A user' },
    ]);
    const seeded = await character(CATALOGUE_OWNER_ID, 'seed/0001-micah.webp', [
      'Realistic',
      'Drama',
      'Romantic',
    ]);
    const middle = await character(CATALOGUE_OWNER_ID, 'seed/0002-personas.webp', [
      'Drama',
      'realistic',
      'Friend',
    ]);
    const usersOwn = await character(USER_ID, 'avatars/3f2a.webp', ['Realistic', 'Drama']);

    const seededCount = await seedCatalogue({
      db: database.db,
      storage: {
        put: async () => undefined,
        get: async () => undefined,
        delete: async () => undefined,
        url: (k) => k,
      },
      clock: systemClock,
      ownerName: 'Lumi AI',
    });
    expect(seededCount).toBe(0);
    expect(await tagsOf(seeded)).toEqual({ line: 'Drama,Romantic', relation: ['Drama', 'Romantic'] });
    expect((await tagsOf(middle)).line).toBe('Drama,Friend');
    expect((await tagsOf(middle)).relation).toEqual(['Drama', 'Friend']);
    expect(await tagsOf(usersOwn)).toEqual({ line: 'Realistic,Drama', relation: ['Drama', 'Realistic'] });
  });
});
