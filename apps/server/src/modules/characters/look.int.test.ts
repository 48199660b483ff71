import { ErrorCode, readPngCard, type CharacterDetail } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import { fakeClassifier, SCARLET } from '../../../test/fake-moderation';
import { solidImage, storedFiles } from '../../../test/files';
import {
  envelopeOf,
  loginTourist,
  makeCharacter,
  postMultipart,
  useTestApp,
  type MultipartFields,
} from '../../../test/helpers';

/** A character's look (issue 22): the appearance field, its fallback, the card, the reference picture. */
describe("a character's look", () => {
  const t = useTestApp({ moderation: { image: fakeClassifier() } });
  const send = async (cookie: string, fields: MultipartFields, url = '/cgi-bin/auth/character/create') =>
    envelopeOf<CharacterDetail>(await postMultipart(t.app, url, cookie, fields));

  it('keeps the appearance written, and draws one from the description for a character without', async () => {
    const me = await loginTourist(t.app);
    const written = await makeCharacter(t, me, { appearance: '  tall, silver hair, a yellow raincoat ' });
    expect(written).toMatchObject({
      appearance: 'tall, silver hair, a yellow raincoat',
      look: 'tall, silver hair, a yellow raincoat',
    });
    const drawn = await makeCharacter(t, me, {
      desc: 'She keeps the lighthouse. Her short red hair is always wind-blown. She hums old songs.',
    });
    expect(drawn).toMatchObject({ appearance: '', look: 'Her short red hair is always wind-blown.' });
    // Editing the description changes the drawn look; clearing a written appearance brings it back.
    const edited = await send(
      me.cookie,
      { id: String(written.id), appearance: '' },
      '/cgi-bin/auth/character/modify',
    );
    expect(edited.data.look).toBe('');
  });

  it('carries the appearance in an exported card’s extensions and reads it back on import', async () => {
    const me = await loginTourist(t.app);
    const c = await makeCharacter(t, me, { appearance: 'grey eyes, a scar on the left cheek' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/cgi-bin/auth/character/card?id=${c.id}`,
      headers: { cookie: me.cookie },
    });
    const card = readPngCard(res.rawPayload);
    expect(card.data.extensions).toMatchObject({
      lumi: { appearance: 'grey eyes, a scar on the left cheek' },
    });
    const imported = await send(me.cookie, {
      card: { filename: 'c.png', contentType: 'image/png', data: res.rawPayload },
    });
    expect(imported.code, imported.message).toBe(0);
    expect(imported.data.appearance).toBe('grey eyes, a scar on the left cheek');
    // Kept in its column, not twice: the next export writes it once, the other extensions as they came.
    const again = readPngCard(
      (
        await t.app.inject({
          method: 'GET',
          url: `/cgi-bin/auth/character/card?id=${imported.data.id}`,
          headers: { cookie: me.cookie },
        })
      ).rawPayload,
    );
    expect(again.data.extensions).toEqual(card.data.extensions);
  });

  it('checks the appearance with the other texts', async () => {
    const me = await loginTourist(t.app);
    const head = { filename: 'a.png', contentType: 'image/png', data: await solidImage(30, 40, '#468') };
    const refused = await send(me.cookie, {
      head,
      name: 'Nia',
      desc: 'A student.',
      first_message: 'Hi.',
      appearance: 'a naked 14 year old girl',
    });
    expect(refused.code).toBe(ErrorCode.CONTENT_POLICY);
  });

  it('stores the reference picture like an avatar, moderates it, replaces and removes it', async () => {
    const me = await loginTourist(t.app);
    const reference = async (colour: string) => ({
      filename: 'r.png',
      contentType: 'image/png',
      data: await solidImage(64, 80, colour),
    });
    const c = await makeCharacter(t, me, {
      reference: await reference('#3a6'),
    });
    expect(c.reference_image).toMatch(/^\/files\/references\/[\w-]+\.png$/);
    // An explicit picture is refused on a character not marked adult.
    const explicit = await send(
      me.cookie,
      { id: String(c.id), reference: await reference(SCARLET) },
      '/cgi-bin/auth/character/modify',
    );
    expect(explicit.code).toBe(ErrorCode.CONTENT_POLICY);
    const replaced = await send(
      me.cookie,
      { id: String(c.id), reference: await reference('#246') },
      '/cgi-bin/auth/character/modify',
    );
    expect(replaced.data.reference_image).not.toBe(c.reference_image);
    const name = (url: string | null) => url?.split('/').at(-1) ?? '';
    expect(storedFiles(t.dataDir).filter((f) => f.includes('references/'))).not.toContainEqual(
      expect.stringContaining(name(c.reference_image)),
    );
    const removed = await send(
      me.cookie,
      { id: String(c.id), remove_reference: '1' },
      '/cgi-bin/auth/character/modify',
    );
    expect(removed.data.reference_image).toBeNull();
    expect(storedFiles(t.dataDir).filter((f) => f.includes(name(replaced.data.reference_image)))).toEqual([]);
  });
});
