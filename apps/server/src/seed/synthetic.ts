import { CHIPS } from '@lumi/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { utcDay, type Clock } from '../lib/clock';
import type { FileStorage } from '../lib/storage';
import { renderAvatar } from './catalogue';

/** Owner of the synthetic characters (benchmarks only). */
export const SYNTHETIC_OWNER_ID = '00000000-0000-4000-8000-000000000002';

const FIRST = [
  'Aiko',
  'Bram',
  'Cyra',
  'Dario',
  'Elin',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kaia',
  'Luca',
  'Mina',
  'Noor',
  'Oskar',
  'Priya',
  'Quinn',
  'Rafa',
  'Sana',
  'Tomas',
  'Uma',
  'Viktor',
  'Wren',
  'Xio',
  'Yara',
  'Zane',
];
const LAST = [
  'Aldous',
  'Brightwater',
  'Castellan',
  'Draven',
  'Everhart',
  'Falk',
  'Greyson',
  'Holloway',
  'Ishikawa',
  'Jovanovic',
  'Kestrel',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quill',
  'Rosales',
  'Sato',
  'Thorne',
  'Umbra',
  'Valdez',
  'Whitlock',
  'Yilmaz',
  'Zielinski',
];
const ROLES = [
  'lighthouse keeper',
  'starship pilot',
  'café owner',
  'detective',
  'court mage',
  'street racer',
  'botanist',
  'bodyguard',
  'jazz singer',
  'archivist',
  'mercenary',
  'chef',
  'violinist',
  'surgeon',
  'smuggler',
  'knight',
  'florist',
  'hacker',
  'pirate captain',
  'librarian',
];
/** A JS array bound as one text[] parameter (drizzle would spread it into a row). */
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

// Not "Realistic": the synthetic characters' avatars are drawings.
const TAGS = CHIPS.filter((c) => c.filter.kind === 'tag' && c.id !== 'Realistic').map((c) => c.id);

/**
 * Adds `count` synthetic characters in bulk (INSERT ... SELECT over generate_series), for
 * benchmarks: names, roles, tags, genders and Hot keys vary; a few rendered avatars are shared.
 */
export async function seedSynthetic(
  db: Db,
  storage: FileStorage,
  clock: Clock,
  count: number,
  batch = 20_000,
): Promise<void> {
  const avatars: string[] = [];
  for (let i = 0; i < 8; i++) {
    const key = `seed/synthetic-${i}`;
    const { head, list } = await renderAvatar(i % 2 ? 'lorelei' : 'personas', `synthetic-${i}`);
    await storage.put(`${key}.webp`, head, 'image/webp');
    await storage.put(`${key}-402.webp`, list, 'image/webp');
    avatars.push(key);
  }
  await db.insert(users).values({ id: SYNTHETIC_OWNER_ID, type: 0, name: 'Synthetic' }).onConflictDoNothing();
  await db.execute(sql`INSERT INTO tags (name) SELECT unnest(${textArray(TAGS)}) ON CONFLICT DO NOTHING`);
  const day = utcDay(clock());
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await db.execute(sql`
      WITH src AS (
        SELECT g,
          (${textArray(FIRST)})[1 + (g * 7) % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (g * 13) % ${LAST.length}] AS name,
          (${textArray(ROLES)})[1 + (g * 3) % ${ROLES.length}] AS role,
          (${textArray(TAGS)})[1 + (g * 5) % ${TAGS.length}] AS tag1,
          (${textArray(TAGS)})[1 + (g * 11 + 3) % ${TAGS.length}] AS tag2,
          (${textArray(avatars)})[1 + g % ${avatars.length}] AS avatar
        FROM generate_series(${done + 1}::int, ${done + n}::int) AS g
      )
      INSERT INTO characters (owner_id, name, description, personality, first_message, chat_style, model,
        category, gender, nsfw, visibility, approval, head_key, list_head_key, tag_line, comment_num, created_at, hot_key)
      SELECT ${SYNTHETIC_OWNER_ID}::uuid, name,
        'A ' || (25 + g % 20) || '-year-old ' || role || ' with a secret worth hearing.',
        'Curious and warm.', '*Looks up.* Oh, hello there.',
        CASE WHEN g % 3 = 0 THEN 'dialogue' ELSE 'story' END, 'nela-8b',
        CASE WHEN g % 2 = 0 THEN 'anime' ELSE 'realistic' END,
        CASE WHEN g % 5 < 3 THEN 'Female' ELSE 'Male' END,
        g % 7 = 0, 'public', 'approved', avatar || '.webp', avatar || '-402.webp',
        -- No "Realistic" tag: the avatars are DiceBear drawings (catalogue.ts, DRAWN_STYLES).
        (CASE WHEN g % 2 = 0 THEN 'Anime,' ELSE '' END) || tag1 || ',' || tag2,
        (g * 37) % 5000, now() - make_interval(secs => g),
        hashtext(g::text || ${day})
      FROM src`);
  }
  // Tags as a relation, from the tag line.
  await db.execute(sql`
    INSERT INTO tags (name) SELECT DISTINCT unnest(string_to_array(tag_line, ',')) FROM characters
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO character_tags (character_id, tag_id)
    SELECT c.id, t.id FROM characters c
    CROSS JOIN LATERAL unnest(string_to_array(c.tag_line, ',')) AS x(name)
    JOIN tags t ON lower(t.name) = lower(x.name)
    WHERE c.owner_id = ${SYNTHETIC_OWNER_ID}::uuid
    ON CONFLICT DO NOTHING`);
  // Today's Hot order for the characters that were there before (the catalogue), and the day it
  // was drawn for, so the server does not redraw (and rewrite every row) at start.
  await db.execute(
    sql`UPDATE characters SET hot_key = hashtext(id::text || ${day}) WHERE owner_id <> ${SYNTHETIC_OWNER_ID}::uuid`,
  );
  await db.execute(
    sql`INSERT INTO app_state (key, value) VALUES ('hot_order_day', ${day}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  await db.execute(sql`VACUUM ANALYZE characters`);
  await db.execute(sql`VACUUM ANALYZE character_tags`);
}
