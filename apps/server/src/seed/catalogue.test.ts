import { CATEGORIES, CHARACTER_LIMITS, CHIPS, GENDERS, modelProfile, parseTags } from '@lumi/contract';
import { OfflineFloor } from '@lumi/engines';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRAWN_STYLES, readCatalogue, seedTags, type SeedCharacter } from './catalogue';

const floor = new OfflineFloor();

describe('seed catalogue', () => {
  let all: SeedCharacter[];
  beforeAll(async () => {
    all = await readCatalogue();
  });

  it('has at least 300 characters with unique names', () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
  });

  it('covers every tag chip, both genders, anime and realistic, and some adult characters', () => {
    for (const chip of CHIPS) {
      if (chip.filter.kind !== 'tag') continue;
      const tag = chip.filter.tag;
      // "Realistic" waits for realistic portraits (the tag-versus-avatar test below).
      if (tag === 'Realistic') continue;
      const count = all.filter((c) => seedTags(c).includes(tag)).length;
      expect(count, tag).toBeGreaterThanOrEqual(4);
    }
    for (const gender of GENDERS) expect(all.filter((c) => c.gender === gender).length).toBeGreaterThan(60);
    expect(all.filter((c) => c.category === 'anime').length).toBeGreaterThan(60);
    expect(all.filter((c) => c.nsfw).length).toBeGreaterThan(20);
    expect(all.filter((c) => c.nsfw).length).toBeLessThan(all.length / 2);
  });

  it('holds every character to the form’s rules and the content policy', () => {
    for (const c of all) {
      const at = c.name;
      expect(c.age, at).toBeGreaterThanOrEqual(18);
      expect(CATEGORIES, at).toContain(c.category);
      const profile = modelProfile(c.model);
      expect(profile, at).toBeDefined();
      if (profile?.adult) expect(c.nsfw, at).toBe(true);
      expect(c.name.length, at).toBeLessThanOrEqual(CHARACTER_LIMITS.name);
      expect(c.description.length, at).toBeLessThanOrEqual(CHARACTER_LIMITS.desc);
      expect(c.first_message.trim().length, at).toBeGreaterThan(20);
      expect(c.personality.trim().length, at).toBeGreaterThan(20);
      expect(c.example_dialogue, at).toContain('<START>');
      expect(parseTags(c.tags).length, at).toBeGreaterThanOrEqual(2);
      const texts = [
        c.name,
        c.description,
        c.personality,
        c.scenario,
        c.first_message,
        c.example_dialogue,
        ...(c.alternate_greetings ?? []),
      ].filter(Boolean);
      const checked = floor.screen(texts.join('\n'), { surface: 'character', adult: c.nsfw });
      expect(checked.verdict === 'refuse' ? checked.match : null, at).toBeNull();
    }
    // 300 characters through the floor: about 1 s alone, several on a machine shared by many runs.
  }, 30_000);

  it('gives no character a tag its portrait contradicts: nothing drawn is tagged Realistic', () => {
    // Every installed DiceBear style is a drawing; the check holds whatever the seed files say.
    expect(DRAWN_STYLES.size).toBeGreaterThan(0);
    const realisticCategory = all.filter((c) => c.category === 'realistic');
    expect(realisticCategory.length).toBeGreaterThan(0);
    for (const c of all) {
      const tags = seedTags(c).map((t) => t.toLowerCase());
      if (DRAWN_STYLES.has(c.avatar_style)) expect(tags, c.name).not.toContain('realistic');
      // The other category tags stay.
      if (c.category === 'anime') expect(tags, c.name).toContain('anime');
    }
    // A seed that names the tag itself loses it too, and an unknown style (drawn as personas) as well.
    const sample = { tags: ['Realistic', 'Drama'], category: 'realistic' as const };
    expect(seedTags({ ...sample, avatar_style: 'micah' })).toEqual(['Drama']);
    expect(seedTags({ ...sample, avatar_style: 'no-such-style' })).toEqual(['Drama']);
    expect(seedTags({ tags: ['Drama'], category: 'girlfriend', avatar_style: 'micah' })).toEqual([
      'Girlfriend',
      'Drama',
    ]);
  });
});
