import { ErrorCode, readPngCard, type CharacterDetail, type ParsedCard } from '@lumi/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardCorpus, picture, type CorpusCard } from '../../../test/cards/corpus';
import { envelopeOf, messagesFile, postMultipart, useTestApp, useTourists } from '../../../test/helpers';

const en = messagesFile('en');

/** The V1 fields under the names a source card used (Pygmalion's own, or V1's). */
const PYGMALION: Record<string, string> = {
  char_name: 'name',
  char_persona: 'personality',
  world_scenario: 'scenario',
  char_greeting: 'first_mes',
  example_dialogue: 'mes_example',
};
const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'];

/**
 * The fields an exported card must give back exactly as the source card wrote them: every key of
 * a V2 or V3 card's data and every top-level key; a V1 card's fields (and a Pygmalion card's,
 * under their V2 names) and its other keys.
 */
function expectedOf(source: Record<string, unknown>): {
  data: Record<string, unknown>;
  top: Record<string, unknown>;
} {
  const { spec, spec_version: _v, data, ...top } = source;
  if ((spec === 'chara_card_v2' || spec === 'chara_card_v3') && data && typeof data === 'object')
    return { data: data as Record<string, unknown>, top };
  const v1: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) {
    if (V1_FIELDS.includes(k)) v1[k] = v;
    else if (PYGMALION[k]) v1[PYGMALION[k]] = v;
    else rest[k] = v;
  }
  return { data: v1, top: rest };
}

/**
 * Issue 21, item 1: the corpus of card shapes (apps/server/test/cards) through the real calls.
 * Each importable card makes a character and comes back from the card export field for field;
 * each broken one gets the translated 100001, never a 500, and stores nothing.
 */
describe('the card corpus', () => {
  const t = useTestApp();
  const { owner } = useTourists(t, 'owner');
  let corpus: Awaited<ReturnType<typeof cardCorpus>>;

  beforeAll(async () => {
    corpus = await cardCorpus();
  });

  const upload = async (card: CorpusCard) => {
    const res = await postMultipart(t.app, '/cgi-bin/auth/character/create', owner.cookie, {
      ...(card.hasPicture
        ? {}
        : { head: { filename: 'a.png', contentType: 'image/png', data: await picture() } }),
      card: { filename: card.filename, contentType: 'application/octet-stream', data: card.file },
      visibility: 'private',
    });
    return envelopeOf<CharacterDetail>(res);
  };

  const exported = async (id: number): Promise<ParsedCard> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/card?id=${id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.headers['content-type']).toBe('image/png');
    return readPngCard(res.rawPayload);
  };

  it('imports every card shape, and exports each one back field for field', async () => {
    expect(corpus.imports.length).toBeGreaterThanOrEqual(11);
    for (const card of corpus.imports) {
      const res = await upload(card);
      expect(res.code, `${card.quirk}: ${res.message}`).toBe(0);
      const back = await exported(res.data.id);
      const want = expectedOf(card.source!);
      for (const [key, value] of Object.entries(want.data))
        expect(back.data[key], `${card.quirk}: data.${key}`).toEqual(value);
      for (const [key, value] of Object.entries(want.top))
        expect(back.extra[key], `${card.quirk}: top-level ${key}`).toEqual(value);
    }
  }, 120_000);

  it('takes empty personality, scenario and examples, and the picture a CHARX file brings', async () => {
    const st = corpus.imports.find((c) => c.filename === 'sillytavern-empty-fields.json')!;
    const res = await upload(st);
    expect(res.data).toMatchObject({
      name: 'Maren Holt',
      personality: '',
      scenario: '',
      example_dialogue: '',
    });
    const charx = corpus.imports.find((c) => c.filename === 'ilse.charx')!;
    const made = await upload(charx);
    expect(made.data).toMatchObject({ name: 'Captain Ilse Varga' });
    const head = await t.app.inject({
      method: 'GET',
      url: made.data.head,
      headers: { cookie: owner.cookie },
    });
    expect(await sharp(head.rawPayload).metadata()).toMatchObject({ width: 360, height: 480 });
    const book = corpus.imports.find((c) => c.filename === 'lorebook.png')!;
    const back = await exported((await upload(book)).data.id);
    expect(back.data.character_book?.entries).toHaveLength(200);
  }, 60_000);

  it('refuses each broken card with a clear 100001 and keeps nothing of it', async () => {
    const before = (await t.database.db.query.characters.findMany()).length;
    for (const card of corpus.refused) {
      const res = await upload(card);
      expect(res, card.quirk).toMatchObject({ code: ErrorCode.INVALID_INPUT, message: en.card_invalid });
    }
    expect((await t.database.db.query.characters.findMany()).length).toBe(before);
  }, 60_000);
});
