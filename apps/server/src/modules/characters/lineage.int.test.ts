import fs from 'node:fs';
import path from 'node:path';
import {
  ErrorCode,
  decodeCardText,
  parseCardJson,
  readPngCard,
  type BasedOn,
  type CharacterDetail,
  type ParsedCard,
} from '@lumi/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  envelopeOf,
  loginTourist,
  makeCharacter,
  messagesFile,
  postMultipart,
  useTestApp,
  useTourists,
  type Envelope,
  type MultipartFields,
} from '../../../test/helpers';
import { solidImage } from '../../../test/files';
import { characters, users } from '../../db/schema';
import { eraseUser } from '../accounts/accounts.repository';
import { migrationsDir } from '../../paths';

const SITE = 'https://lumi.example';
const en = messagesFile('en');

/** The text of a PNG's tEXt chunk with this keyword (length, type, keyword, zero, text). */
function textChunk(png: Buffer, keyword: string): string {
  const at = png.indexOf(Buffer.from(`tEXt${keyword}\0`, 'latin1'));
  if (at < 4) throw new Error(`no ${keyword} chunk`);
  const length = png.readUInt32BE(at - 4);
  return png.subarray(at + 4 + keyword.length + 1, at + 4 + length).toString('latin1');
}

type Who = { cookie: string; uid: string };

/**
 * Issue 21, item 5: a clone keeps the chain of versions it is based on, as they were when it was
 * cloned; the page credits them (linking only what the viewer may open), exported cards carry
 * the creator and the chain, and an imported card's chain carries on.
 */
describe('creator credit and forks', () => {
  const t = useTestApp({ env: { CHARACTER_AUTO_APPROVE: 'true', PUBLIC_URL: SITE } });
  const { alice, bob, carol, dave } = useTourists(t, 'alice', 'bob', 'carol', 'dave');

  beforeAll(async () => {
    for (const [who, name] of [
      [alice, 'Alice Ames'],
      [bob, 'Bob Brand'],
      [carol, 'Carol Cruz'],
      [dave, 'Dave Dunn'],
    ] as const)
      await t.database.db.update(users).set({ name }).where(eq(users.id, who.uid));
  });

  const publicCharacter = (who: Who, name: string, over: Record<string, string> = {}) =>
    makeCharacter(t, who, { name, visibility: 'public', ...over });

  async function send<T>(who: Who, fields: MultipartFields, url = '/cgi-bin/auth/character/create') {
    return envelopeOf<T>(await postMultipart(t.app, url, who.cookie, fields));
  }

  /** A JSON card imported through character/create, with a small picture of `colour` for its avatar. */
  async function importCard(who: Who, card: object, colour: string) {
    return send<CharacterDetail>(who, {
      head: { filename: 'a.png', contentType: 'image/png', data: await solidImage(30, 40, colour) },
      card: {
        filename: 'card.json',
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify(card)),
      },
    });
  }

  async function clone(who: Who, id: number, over: MultipartFields = {}): Promise<CharacterDetail> {
    const res = await send<CharacterDetail>(who, { clone_from: String(id), visibility: 'public', ...over });
    expect(res.code, res.message).toBe(0);
    return res.data;
  }

  async function get(who: Who, id: number): Promise<{ data: CharacterDetail; raw: string }> {
    const res = await callAs(t.app, 'GET', `/cgi-bin/auth/character/get?id=${id}`, who.cookie);
    const body = res.json<Envelope<CharacterDetail>>();
    expect(body.code, body.message).toBe(0);
    return { data: body.data, raw: res.body };
  }

  const basedOn = async (who: Who, id: number): Promise<BasedOn[]> => (await get(who, id)).data.based_on;

  async function exported(who: Who, id: number): Promise<{ card: ParsedCard; raw: Buffer }> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/card?id=${id}`,
      headers: { cookie: who.cookie },
    });
    expect(res.headers['content-type']).toBe('image/png');
    return { card: readPngCard(res.rawPayload), raw: res.rawPayload };
  }

  /** Everything a card says in its two chunks, decoded, to look for a name it must not carry. */
  const cardText = (png: Buffer) =>
    ['chara', 'ccv3'].map((k) => JSON.stringify(decodeCardText(textChunk(png, k)))).join('\n');

  const pageOf = (id: number) => `${SITE}/free-ai-Characters-chat/${id}`;

  it('credits the source of a clone, and both versions of a clone of a clone, oldest first', async () => {
    const ada = await publicCharacter(alice, 'Ada Original');
    expect(ada.based_on).toEqual([]);
    const bobs = await clone(bob, ada.id, { name: 'Ada, Bob’s cut' });
    const first = { id: ada.id, name: 'Ada Original', creator: 'Alice Ames' };
    expect(bobs).toMatchObject({ cloned_from: ada.id, based_on: [first], creator: 'Bob Brand' });
    expect(await basedOn(carol, bobs.id)).toEqual([first]);

    const carols = await clone(carol, bobs.id, { name: 'Ada, third take' });
    expect(carols.cloned_from).toBe(bobs.id);
    expect(carols.based_on).toEqual([first, { id: bobs.id, name: 'Ada, Bob’s cut', creator: 'Bob Brand' }]);
    expect(await basedOn(dave, carols.id)).toEqual(carols.based_on);
    // The sources themselves are unchanged.
    expect(await basedOn(alice, ada.id)).toEqual([]);
    expect(await basedOn(alice, bobs.id)).toEqual([first]);
  });

  it('keeps the credit when the source is renamed, made private or deleted, without a link or its new name', async () => {
    const lena = await publicCharacter(alice, 'Lena Lumen');
    const bobs = await clone(bob, lena.id, { name: 'Lena Remix' });
    const renamed = await send<CharacterDetail>(
      alice,
      { id: String(lena.id), name: 'Secret Lena Draft', visibility: 'private' },
      '/cgi-bin/auth/character/modify',
    );
    expect(renamed.code, renamed.message).toBe(0);

    const credit = { id: null, name: 'Lena Lumen', creator: 'Alice Ames' };
    for (const who of [bob, carol]) {
      const page = await get(who, bobs.id);
      expect(page.data.based_on).toEqual([credit]);
      expect(page.raw).not.toContain('Secret Lena');
    }
    // Its owner may still open it: the link is hers, the credit still the name it had.
    expect(await basedOn(alice, bobs.id)).toEqual([{ ...credit, id: lena.id }]);

    const card = await exported(carol, bobs.id);
    expect(card.card.data.extensions.lumi).toEqual({
      based_on: [{ name: 'Lena Lumen', creator: 'Alice Ames' }],
    });
    expect(cardText(card.raw)).not.toContain('Secret Lena');

    expect(
      (await callAs(t.app, 'POST', '/cgi-bin/auth/character/delete', alice.cookie, { id: lena.id })).json(),
    ).toMatchObject({ code: 0 });
    expect(await basedOn(alice, bobs.id)).toEqual([credit]);
    expect(await basedOn(carol, bobs.id)).toEqual([credit]);
  });

  it('never names a source that was private when cloned to anyone who may not see it', async () => {
    const hana = await makeCharacter(t, alice, { name: 'Hidden Hana', visibility: 'private' });
    const shown = await clone(alice, hana.id, { name: 'Hana in Public' });
    const own = { id: hana.id, name: 'Hidden Hana', creator: 'Alice Ames' };
    expect(shown.based_on).toEqual([own]);

    const page = await get(bob, shown.id);
    expect(page.data.based_on).toEqual([]);
    expect(page.raw).not.toContain('Hidden Hana');
    // Not even its owner's card names it: a card goes anywhere.
    for (const who of [bob, alice]) {
      const card = await exported(who, shown.id);
      expect(card.card.data.extensions.lumi).toBeUndefined();
      expect(cardText(card.raw)).not.toContain('Hidden Hana');
    }

    // A clone of the public clone: Bob is credited with what he could see; Alice sees her own.
    const bobs = await clone(bob, shown.id, { name: 'Hana, Bob’s' });
    const pub = { id: shown.id, name: 'Hana in Public', creator: 'Alice Ames' };
    expect(bobs.based_on).toEqual([pub]);
    expect(await basedOn(carol, bobs.id)).toEqual([pub]);
    expect(await basedOn(alice, bobs.id)).toEqual([own, pub]);
    const raw = await get(carol, bobs.id);
    expect(raw.raw).not.toContain('Hidden Hana');
  });

  it('links an adult source only for viewers with adult content on', async () => {
    const setAdult = async (who: Who, on: boolean) => {
      await t.database.db.update(users).set({ enableNsfw: on }).where(eq(users.id, who.uid));
      t.app.services.sessions.forgetUser(who.uid);
    };
    await setAdult(alice, true);
    await setAdult(bob, true);
    try {
      const nova = await publicCharacter(alice, 'Nova After Dark', { NSFW: '1' });
      // Bob's version is for everyone.
      const bobs = await clone(bob, nova.id, { name: 'Nova, daylight', NSFW: '0' });
      expect(bobs.NSFW).toBe(false);
      const credit = { id: nova.id, name: 'Nova After Dark', creator: 'Alice Ames' };
      expect(bobs.based_on).toEqual([credit]);
      expect(await basedOn(carol, bobs.id)).toEqual([{ ...credit, id: null }]);
    } finally {
      await setAdult(alice, false);
      await setAdult(bob, false);
    }
  });

  it('credits a creator whose profile is hidden without their name, then or later', async () => {
    const hide = (who: Who, hidden: boolean) =>
      t.database.db
        .update(users)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(users.id, who.uid));
    const ivy = await publicCharacter(carol, 'Ivy Iris');
    await hide(carol, true);
    try {
      const bobs = await clone(bob, ivy.id);
      expect(bobs.based_on).toEqual([{ id: ivy.id, name: 'Ivy Iris', creator: '' }]);
      await hide(carol, false);
      // Hidden when it was cloned: the snapshot has no name to show.
      expect(await basedOn(dave, bobs.id)).toEqual([{ id: ivy.id, name: 'Ivy Iris', creator: '' }]);

      const juno = await publicCharacter(carol, 'Juno Jade');
      const daves = await clone(dave, juno.id);
      expect(daves.based_on).toEqual([{ id: juno.id, name: 'Juno Jade', creator: 'Carol Cruz' }]);
      await hide(carol, true);
      const page = await get(bob, daves.id);
      expect(page.data.based_on).toEqual([{ id: juno.id, name: 'Juno Jade', creator: '' }]);
      expect(page.raw).not.toContain('Carol Cruz');
      expect(cardText((await exported(bob, daves.id)).raw)).not.toContain('Carol Cruz');
    } finally {
      await hide(carol, false);
    }
  });

  it('exports the creator and the chain; a re-imported card keeps it, and a clone of it adds to it', async () => {
    const ira = await publicCharacter(alice, 'Ira Ink', { creator_notes: 'Notes from Alice: best slow.' });
    const bobs = await clone(bob, ira.id, { name: 'Ira Remix' });
    const { card, raw } = await exported(carol, bobs.id);
    const chain = [{ name: 'Ira Ink', creator: 'Alice Ames', url: pageOf(ira.id) }];
    expect(card.data).toMatchObject({
      name: 'Ira Remix',
      creator: 'Bob Brand',
      creator_notes: 'Notes from Alice: best slow.',
      extensions: { lumi: { based_on: chain } },
    });
    // The V2 chunk carries it too.
    const v2 = parseCardJson(decodeCardText(textChunk(raw, 'chara')));
    expect(v2.spec).toBe('v2');
    expect(v2.data).toMatchObject({ creator: 'Bob Brand', extensions: { lumi: { based_on: chain } } });

    // Carol imports Bob's card: it is still based on Ira Ink, and Bob's card credits Bob.
    const made = await send<CharacterDetail>(carol, {
      card: { filename: 'ira.png', contentType: 'image/png', data: raw },
      visibility: 'public',
    });
    expect(made.code, made.message).toBe(0);
    expect(made.data.based_on).toEqual([{ id: null, name: 'Ira Ink', creator: 'Alice Ames' }]);
    const back = await exported(carol, made.data.id);
    expect(back.card.data.creator).toBe('Bob Brand');
    expect(back.card.data.extensions).toEqual(card.data.extensions);

    // Dave clones the import: the chain grows, Dave is the creator of his version.
    const daves = await clone(dave, made.data.id, { name: 'Ira, fourth hand' });
    expect(daves.based_on).toEqual([
      { id: null, name: 'Ira Ink', creator: 'Alice Ames' },
      { id: made.data.id, name: 'Ira Remix', creator: 'Bob Brand' },
    ]);
    const last = await exported(dave, daves.id);
    expect(last.card.data.creator).toBe('Dave Dunn');
    expect(last.card.data.extensions.lumi).toEqual({
      based_on: [...chain, { name: 'Ira Remix', creator: 'Bob Brand', url: pageOf(made.data.id) }],
    });
  });

  it('reads a card’s chain leniently, keeps the newest 20 and the namespace’s other keys', async () => {
    const entries = Array.from({ length: 25 }, (_, i) => ({
      name: `Version ${i + 1}`,
      creator: `Maker ${i + 1}`,
      url: i === 24 ? 'javascript:alert(1)' : `https://cards.example/v/${i + 1}`,
    }));
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Chain Chloe',
        description: 'A 27-year-old archivist who keeps every draft.',
        first_mes: 'Which version did you come for?',
        creator: 'Chloe’s card maker',
        extensions: {
          lumi: {
            based_on: [...entries.slice(0, 12), 'junk', { creator: 'no name' }, ...entries.slice(12)],
            theme: 'sepia',
          },
          other_tool: { kept: true },
        },
      },
    };
    const res = await importCard(carol, card, '#345');
    expect(res.code, res.message).toBe(0);
    expect(res.data.based_on).toHaveLength(20);
    expect(res.data.based_on[0]).toEqual({ id: null, name: 'Version 6', creator: 'Maker 6' });
    expect(res.data.based_on.at(-1)).toEqual({ id: null, name: 'Version 25', creator: 'Maker 25' });

    const back = (await exported(carol, res.data.id)).card.data;
    expect(back.creator).toBe('Chloe’s card maker');
    const lumi = back.extensions.lumi as { based_on: { url?: string }[]; theme: string };
    expect(lumi.theme).toBe('sepia');
    expect(back.extensions.other_tool).toEqual({ kept: true });
    expect(lumi.based_on).toHaveLength(20);
    expect(lumi.based_on[0]).toEqual({
      name: 'Version 6',
      creator: 'Maker 6',
      url: 'https://cards.example/v/6',
    });
    expect(lumi.based_on.at(-1)).toEqual({ name: 'Version 25', creator: 'Maker 25' });

    // A clone of a full chain keeps the newest 20: the oldest goes.
    const bobs = await clone(bob, res.data.id);
    expect(bobs.based_on).toHaveLength(20);
    expect(bobs.based_on[0]?.name).toBe('Version 7');
    expect(bobs.based_on.at(-1)).toEqual({
      id: res.data.id,
      name: 'Chain Chloe',
      creator: 'Chloe’s card maker',
    });

    // Something else under the key is not a chain: it rides along as it came.
    const odd = {
      ...card,
      data: { ...card.data, name: 'Odd Otto', extensions: { lumi: { based_on: 'a string' } } },
    };
    const made = await importCard(carol, odd, '#543');
    expect(made.code, made.message).toBe(0);
    expect(made.data.based_on).toEqual([]);
    expect((await exported(carol, made.data.id)).card.data.extensions).toEqual({
      lumi: { based_on: 'a string' },
    });
  });

  it('refuses a card whose credited names break the content policy, and a bad source id', async () => {
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Clean Clara',
        description: 'A 30-year-old baker.',
        first_mes: 'Fresh bread?',
        extensions: { lumi: { based_on: [{ name: 'An underage girl.', creator: 'x' }] } },
      },
    };
    const refused = await importCard(carol, card, '#456');
    expect(refused.code).toBe(ErrorCode.CONTENT_POLICY);

    const bad = await send<CharacterDetail>(carol, { clone_from: 'abc' });
    expect(bad.code).toBe(ErrorCode.INVALID_INPUT);
    expect(bad.message).toBe(en.invalid_field.replace('{{field}}', 'clone_from'));
    expect((await send<CharacterDetail>(carol, { clone_from: '999999999' })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('forgets an erased account’s name in the credits, and keeps its character’s', async () => {
    const erin = await loginTourist(t.app);
    await t.database.db.update(users).set({ name: 'Erin Erased' }).where(eq(users.id, erin.uid));
    const echo = await publicCharacter(erin, 'Echo of Erin');
    const bobs = await clone(bob, echo.id, { name: 'Echo, kept' });
    const carols = await clone(carol, bobs.id, { name: 'Echo, kept twice' });
    expect(bobs.based_on).toEqual([{ id: echo.id, name: 'Echo of Erin', creator: 'Erin Erased' }]);
    expect(await eraseUser(t.database.db, erin.uid)).toBe(true);
    expect(await basedOn(dave, bobs.id)).toEqual([{ id: null, name: 'Echo of Erin', creator: '' }]);
    const page = await get(dave, carols.id);
    expect(page.data.based_on).toEqual([
      { id: null, name: 'Echo of Erin', creator: '' },
      { id: bobs.id, name: 'Echo, kept', creator: 'Bob Brand' },
    ]);
    expect(page.raw).not.toContain('Erin Erased');
    expect(cardText((await exported(dave, carols.id)).raw)).not.toContain('Erin Erased');
  });

  it('the migration credits the clones made before the lineage was kept', async () => {
    const ora = await publicCharacter(alice, 'Ora Old');
    const bobs = await clone(bob, ora.id, { name: 'Ora, cloned long ago' });
    const carols = await clone(carol, bobs.id, { name: 'Ora, later still' });
    const db = t.database.db;
    await db
      .update(characters)
      .set({ lineage: [] })
      .where(sql`${characters.id} IN (${bobs.id}, ${carols.id})`);
    expect(await basedOn(dave, carols.id)).toEqual([]);

    const file = fs.readFileSync(path.join(migrationsDir(), '0012_lineage.sql'), 'utf8');
    const backfill = file.split('--> statement-breakpoint')[1];
    expect(backfill).toContain('UPDATE "characters"');
    await db.execute(sql.raw(backfill!));
    const ada = { id: ora.id, name: 'Ora Old', creator: 'Alice Ames' };
    expect(await basedOn(dave, bobs.id)).toEqual([ada]);
    expect(await basedOn(dave, carols.id)).toEqual([
      ada,
      { id: bobs.id, name: 'Ora, cloned long ago', creator: 'Bob Brand' },
    ]);
  });
});
