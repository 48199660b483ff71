import fs from 'node:fs/promises';
import path from 'node:path';
import { createAvatar, type Style } from '@dicebear/core';
import * as collection from '@dicebear/collection';
import {
  CATEGORY_TAG,
  CHARACTER_LIMITS,
  parseTags,
  type Category,
  type ChatStyle,
  type Gender,
} from '@lumi/contract';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { characters, users } from '../db/schema';
import { utcDay, type Clock } from '../lib/clock';
import type { FileStorage } from '../lib/storage';
import { serverRoot } from '../paths';
import * as repo from '../modules/characters/characters.repository';

/** The account that owns the catalogue; its name is the creator shown on the cards. */
export const CATALOGUE_OWNER_ID = '00000000-0000-4000-8000-000000000001';
const SEED_LOCK_KEY = 7_246_133;

export interface SeedCharacter {
  name: string;
  age: number;
  gender: Gender;
  category: Category;
  nsfw: boolean;
  tags: string[];
  description: string;
  personality: string;
  scenario: string;
  first_message: string;
  alternate_greetings?: string[];
  example_dialogue: string;
  chat_style: ChatStyle;
  model: string;
  avatar_style: string;
}

// Loose typing: the collection's styles differ in their option types.
const STYLES: Record<string, Style<object>> = {
  adventurer: collection.adventurer,
  lorelei: collection.lorelei,
  notionists: collection.notionists,
  avataaars: collection.avataaars,
  micah: collection.micah,
  personas: collection.personas,
  'open-peeps': collection.openPeeps,
  'big-smile': collection.bigSmile,
};
/**
 * Every DiceBear style draws a cartoon or a sketch: none of them is a photograph or looks like one.
 * A character with such a portrait is not tagged "Realistic" by the seed (decisions.md), even
 * when its category is realistic (a real-world setting); the tag waits for a realistic picture.
 */
export const DRAWN_STYLES: ReadonlySet<string> = new Set(Object.keys(STYLES));

/**
 * The tags the seed writes for a character: its own, then its category's tag, except a tag its
 * portrait would contradict ("Realistic" on a drawing).
 */
export function seedTags(seed: Pick<SeedCharacter, 'tags' | 'category' | 'avatar_style'>): string[] {
  const drawn = DRAWN_STYLES.has(seed.avatar_style) || !(seed.avatar_style in STYLES);
  const tags = parseTags(seed.tags).filter((t) => !(drawn && t.toLowerCase() === 'realistic'));
  const categoryTag = CATEGORY_TAG[seed.category];
  const contradicts = drawn && categoryTag === CATEGORY_TAG.realistic;
  if (!contradicts && !tags.some((t) => t.toLowerCase() === categoryTag.toLowerCase()))
    tags.unshift(categoryTag);
  return tags;
}

const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'f4d4b6', 'c9f2d6', 'e0d4f7'];

export function catalogueDir(): string {
  return path.join(serverRoot(), 'seed', 'characters');
}

export async function readCatalogue(dir = catalogueDir()): Promise<SeedCharacter[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const all: SeedCharacter[] = [];
  for (const file of files) {
    const list = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as SeedCharacter[];
    all.push(...list);
  }
  return all;
}

/** A DiceBear portrait for a seed, rendered to a raster image: the 512 px avatar and its list image. */
export async function renderAvatar(style: string, seed: string): Promise<{ head: Buffer; list: Buffer }> {
  const chosen: Style<object> = STYLES[style] ?? collection.personas;
  const svg = createAvatar(chosen, { seed, size: 512, backgroundColor: BACKGROUNDS, radius: 0 }).toString();
  const image = sharp(Buffer.from(svg));
  const [head, list] = await Promise.all([
    image.clone().webp({ quality: 82 }).toBuffer(),
    image
      .clone()
      .resize(CHARACTER_LIMITS.listImageSize, CHARACTER_LIMITS.listImageSize)
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { head, list };
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i] as T, i);
      }
    }),
  );
}

export interface SeedOptions {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  ownerName: string;
  log?: (msg: string) => void;
}

/**
 * A catalogue seeded before the rule above still says "Realistic" on drawn avatars: takes the tag
 * off every seeded character (their avatars, `seed/...`, are all DiceBear drawings), from the tag
 * line and the tag relation. Users' characters are left alone. Answers how many changed.
 */
export async function untagDrawnRealistic(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const changed: unknown = await tx.execute(sql`
      UPDATE characters
      SET tag_line = array_to_string(
        ARRAY(SELECT t FROM unnest(string_to_array(tag_line, ',')) AS t WHERE lower(t) <> 'realistic'), ',')
      WHERE head_key LIKE 'seed/%' AND lower(tag_line) ~ '(^|,)realistic(,|$)'
      RETURNING id`);
    await tx.execute(sql`
      DELETE FROM character_tags ct USING tags t, characters c
      WHERE ct.tag_id = t.id AND lower(t.name) = 'realistic'
        AND ct.character_id = c.id AND c.head_key LIKE 'seed/%'`);
    return (changed as { rows: unknown[] }).rows.length;
  });
}

/**
 * Fills an empty catalogue with the original characters of seed/characters/*.json, each with a
 * rendered avatar, public and approved, owned by the catalogue account. Does nothing when any
 * character exists; processes starting together seed once (advisory lock).
 */
export async function seedCatalogue(options: SeedOptions): Promise<number> {
  const { db, storage, clock } = options;
  const [existing] = await db.select({ n: count() }).from(characters);
  if ((existing?.n ?? 0) > 0) {
    const untagged = await untagDrawnRealistic(db);
    if (untagged > 0)
      options.log?.(`took the Realistic tag off ${untagged} seeded characters with drawn avatars`);
    return 0;
  }
  const seeds = await readCatalogue();
  const started = Date.now();
  // Render outside the transaction: it is the slow part.
  const keys: { head: string; list: string }[] = [];
  await mapLimit(seeds, 4, async (seed, i) => {
    const slug = `seed/${String(i).padStart(4, '0')}-${seed.avatar_style}`;
    const { head, list } = await renderAvatar(seed.avatar_style, seed.name);
    await storage.put(`${slug}.webp`, head, 'image/webp');
    await storage.put(`${slug}-402.webp`, list, 'image/webp');
    keys[i] = { head: `${slug}.webp`, list: `${slug}-402.webp` };
  });
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [again] = await tx.select({ n: count() }).from(characters);
    if ((again?.n ?? 0) > 0) return 0;
    await tx
      .insert(users)
      .values({ id: CATALOGUE_OWNER_ID, type: 0, name: options.ownerName })
      .onConflictDoNothing();
    await tx.update(users).set({ name: options.ownerName }).where(eq(users.id, CATALOGUE_OWNER_ID));
    const day = utcDay(clock());
    const base = clock().getTime() - seeds.length * 60_000;
    for (const [i, seed] of seeds.entries()) {
      const key = keys[i];
      if (!key) continue;
      const tags = seedTags(seed);
      const row = await repo.insertCharacter(tx, {
        ownerId: CATALOGUE_OWNER_ID,
        name: seed.name,
        description: seed.description,
        personality: seed.personality,
        firstMessage: seed.first_message,
        alternateGreetings: seed.alternate_greetings ?? [],
        scenario: seed.scenario,
        exampleDialogue: seed.example_dialogue,
        chatStyle: seed.chat_style,
        model: seed.model,
        category: seed.category,
        gender: seed.gender,
        nsfw: seed.nsfw,
        visibility: 'public',
        approval: 'approved',
        headKey: key.head,
        listHeadKey: key.list,
        tagLine: tags.slice(0, CHARACTER_LIMITS.tags).join(','),
        // Spread a minute apart so the New list has a stable order.
        createdAt: new Date(base + i * 60_000),
      });
      await repo.setTags(tx, row.id, tags.slice(0, CHARACTER_LIMITS.tags));
      await tx
        .update(characters)
        .set({ hotKey: repo.hotKeyFor(row.id, day) })
        .where(eq(characters.id, row.id));
    }
    return seeds.length;
  });
  options.log?.(`seeded ${inserted} characters in ${Date.now() - started} ms`);
  return inserted;
}
