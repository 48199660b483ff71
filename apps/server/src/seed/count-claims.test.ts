import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../paths';
import { readCatalogue } from './catalogue';

/**
 * No page claims more characters than the catalogue holds: the locale files, the blog, FAQ and
 * legal pages, the HTML shell and the server's own texts. A sentence that speaks of characters may
 * give a number only up to the seeded catalogue's size, and never a vague "thousands of".
 */
const repoRoot = path.resolve(serverRoot(), '..', '..');

/** The word for "character" in each language (a stem, so plural forms match). */
const CHARACTER =
  /character|personaje|personnage|personagem|персонаж|شخصي|キャラ|캐릭터|角色|karakter|nhân vật/i;

/**
 * "Characters" also means letters in English and Indonesian: a sentence about a prompt's, a
 * speech's or a text's length, or priced in credits, is not about the catalogue.
 */
const TEXT_LENGTH = /prompt|speech|suara|credit|kredit|\btext|\bteks|at a time|sekaligus/i;

/** Quantities without a number: "thousands of" in every language of the site. */
const VAGUE =
  /thousands|millions|miles de|millones|milliers|milhares|milhões|тысяч|миллион|آلاف|ملايين|何千|何万|数千|数万|成千上万|上万|수천|수만|ribuan|jutaan|hàng nghìn|hàng ngàn|hàng triệu/i;

/** Numbers as each language writes them, with the multipliers that follow them. */
const NUMBER =
  /(\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+|\d+)\s*(万|만|mil\b|ألف|тыс|k\b|K\b|million|millones|millions|milhões|миллион|triệu|juta|nghìn|ngàn|ribu)?/g;

const MULTIPLIER: Record<string, number> = {
  万: 10_000,
  만: 10_000,
  mil: 1_000,
  ألف: 1_000,
  тыс: 1_000,
  k: 1_000,
  K: 1_000,
  nghìn: 1_000,
  ngàn: 1_000,
  ribu: 1_000,
  million: 1_000_000,
  millions: 1_000_000,
  millones: 1_000_000,
  milhões: 1_000_000,
  миллион: 1_000_000,
  triệu: 1_000_000,
  juta: 1_000_000,
};

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

function walk(dir: string, ext: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, ext, out);
    else if (entry.name.endsWith(ext)) out.push(full);
  }
  return out;
}

/** Every text a visitor can read, as [where, text]. */
function visibleTexts(): [string, string][] {
  const texts: [string, string][] = [];
  for (const file of walk(path.join(repoRoot, 'packages/contract/locales'), '.json')) {
    for (const s of strings(JSON.parse(fs.readFileSync(file, 'utf8')))) texts.push([file, s]);
  }
  for (const file of walk(path.join(repoRoot, 'content'), '.md'))
    texts.push([file, fs.readFileSync(file, 'utf8')]);
  for (const file of ['apps/web/index.html', 'apps/server/src/modules/content/site-texts.ts']) {
    texts.push([file, fs.readFileSync(path.join(repoRoot, file), 'utf8')]);
  }
  return texts;
}

/** Sentences (split on the full stops of every script) that speak of characters. */
function characterSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？؟])\s+|[。！？\n]/)
    .filter((s) => CHARACTER.test(s) && !TEXT_LENGTH.test(s))
    .map((s) => s.replace(/\{\{[^}]*\}\}/g, ''));
}

export function claimedCounts(sentence: string): number[] {
  const counts: number[] = [];
  for (const m of sentence.matchAll(NUMBER)) {
    const digits = Number((m[1] ?? '').replace(/[,.\u00a0\u202f ]/g, ''));
    counts.push(digits * (m[2] ? (MULTIPLIER[m[2]] ?? 1) : 1));
  }
  return counts;
}

describe('character counts on the site', () => {
  let catalogue: number;
  let texts: [string, string][];
  beforeAll(async () => {
    catalogue = (await readCatalogue()).length;
    texts = visibleTexts();
  });

  it('reads numbers the way each language writes them', () => {
    expect(claimedCounts('over 100,000 AI characters')).toContain(100_000);
    expect(claimedCounts('plus de 100\u00a0000 personnages')).toContain(100_000);
    expect(claimedCounts('más de 100.000 personajes')).toContain(100_000);
    expect(claimedCounts('mais de 100 mil personagens')).toContain(100_000);
    expect(claimedCounts('10万体以上のAIキャラクター')).toContain(100_000);
    expect(claimedCounts('10만 명이 넘는 AI 캐릭터')).toContain(100_000);
    expect(claimedCounts('أكثر من 100 ألف شخصية')).toContain(100_000);
    expect(VAGUE.test('Meet thousands of AI characters')).toBe(true);
    expect(VAGUE.test('结识数千个由社区创作的 AI 角色')).toBe(true);
    expect(
      characterSentences(
        'Lumi AI has more than 100,000 community characters. Prompts can be 1,000 characters.',
      ),
    ).toEqual(['Lumi AI has more than 100,000 community characters.']);
  });

  it('finds the texts it checks', () => {
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter(([, t]) => characterSentences(t).length > 0).length).toBeGreaterThan(100);
  });

  it('claims no more characters than the catalogue has, in any language', () => {
    const claims: string[] = [];
    for (const [file, text] of texts) {
      for (const sentence of characterSentences(text)) {
        const where = `${path.relative(repoRoot, file)}: ${sentence.trim().slice(0, 120)}`;
        if (VAGUE.test(sentence)) claims.push(where);
        if (claimedCounts(sentence).some((n) => n > catalogue)) claims.push(where);
      }
    }
    expect(claims).toEqual([]);
  });
});
