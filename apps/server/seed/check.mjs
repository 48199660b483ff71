// Checks the seed catalogue's files: node apps/server/seed/check.mjs
// Each file in seed/characters/ is a JSON array of characters in the shape below.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'characters');
const TAG_CHIPS = [
  'Realistic',
  'Anime',
  'Girlfriend',
  'Boyfriend',
  'MalePOV',
  'Dominant',
  'FemalePOV',
  'LGBTQ+',
  'Romantic',
  'Drama',
  'Original Character',
  'Multiple Characters',
  'Submissive',
  'Size Difference',
  'Scenario',
  'MLM',
  'Gentle Dom',
  'Fantasy',
  'Corruption',
  'Friend',
  'Mature',
  'Wholesome',
  'Roommate',
];
const MODELS = ['nela-8b', 'lula-12b', 'genla-8b', 'roleplay-1', 'roleplay-2', 'dialogue-1', 'girlfriend-1'];
const STYLES = [
  'adventurer',
  'lorelei',
  'notionists',
  'avataaars',
  'micah',
  'personas',
  'open-peeps',
  'big-smile',
];
const FORBIDDEN =
  /\b(child|children|kid|kids|minor|minors|underage|under-age|loli|shota|schoolgirl|schoolboy|preteen|teenager|middle school|elementary school|1[0-7][- ]year[- ]old)\b/i;

const problems = [];
const all = [];
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  let list;
  try {
    list = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch (err) {
    problems.push(`${file}: not valid JSON (${err.message})`);
    continue;
  }
  if (!Array.isArray(list)) problems.push(`${file}: must be an array`);
  for (const [i, c] of (Array.isArray(list) ? list : []).entries()) {
    const at = `${file}[${i}] ${c?.name ?? ''}`;
    const str = (k, min, max) => {
      if (typeof c[k] !== 'string' || c[k].trim().length < min || c[k].length > max)
        problems.push(`${at}: ${k} must be a string of ${min}-${max} characters`);
    };
    str('name', 2, 40);
    str('description', 60, 400);
    str('personality', 40, 1500);
    str('scenario', 40, 1500);
    str('first_message', 60, 2000);
    str('example_dialogue', 40, 3000);
    if (typeof c.example_dialogue === 'string' && !c.example_dialogue.includes('<START>'))
      problems.push(`${at}: example_dialogue must start blocks with <START>`);
    if (!['Female', 'Male'].includes(c.gender)) problems.push(`${at}: gender must be Female or Male`);
    if (!['anime', 'realistic', 'girlfriend', 'boyfriend'].includes(c.category))
      problems.push(`${at}: bad category`);
    if (typeof c.nsfw !== 'boolean') problems.push(`${at}: nsfw must be boolean`);
    if (!['story', 'dialogue'].includes(c.chat_style))
      problems.push(`${at}: chat_style must be story or dialogue`);
    if (!MODELS.includes(c.model)) problems.push(`${at}: model must be one of ${MODELS.join(', ')}`);
    if (c.model?.startsWith('roleplay') && !c.nsfw)
      problems.push(`${at}: roleplay models are for nsfw characters only`);
    if (!Array.isArray(c.tags) || c.tags.length < 2 || c.tags.length > 8)
      problems.push(`${at}: tags must be 2-8 strings`);
    if (!STYLES.includes(c.avatar_style))
      problems.push(`${at}: avatar_style must be one of ${STYLES.join(', ')}`);
    if (
      c.alternate_greetings !== undefined &&
      (!Array.isArray(c.alternate_greetings) || c.alternate_greetings.some((g) => typeof g !== 'string'))
    )
      problems.push(`${at}: alternate_greetings must be an array of strings`);
    if (typeof c.age !== 'number' || c.age < 18) problems.push(`${at}: age must be a number, 18 or more`);
    const text = [c.description, c.personality, c.scenario, c.first_message, c.example_dialogue].join('\n');
    const bad = text.match(FORBIDDEN);
    if (bad) problems.push(`${at}: contains "${bad[0]}" (every character is an adult; avoid these words)`);
    all.push(c);
  }
}
const names = new Map();
for (const c of all) names.set(c.name, (names.get(c.name) ?? 0) + 1);
for (const [n, k] of names) if (k > 1) problems.push(`duplicate name: ${n} (${k} times)`);
const count = (pred) => all.filter(pred).length;
console.log(
  `${all.length} characters: ${count((c) => c.gender === 'Female')} female, ${count((c) => c.gender === 'Male')} male, ${count((c) => c.nsfw)} nsfw, ${count((c) => c.category === 'anime')} anime`,
);
for (const tag of TAG_CHIPS) {
  const n = count(
    (c) =>
      c.tags?.includes(tag) ||
      (tag === 'Anime' && c.category === 'anime') ||
      (tag === 'Realistic' && c.category === 'realistic'),
  );
  console.log(`  ${tag}: ${n}`);
}
if (problems.length) {
  console.log(`\n${problems.length} problems:\n${problems.slice(0, 200).join('\n')}`);
  process.exit(1);
}
console.log('ok');
