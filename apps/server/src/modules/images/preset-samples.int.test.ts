import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@lumi/contract';
import { A1111Engine } from '@lumi/engines';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, withTestApp, type TestApp } from '../../../test/helpers';

/**
 * The style tiles with a real image engine: a local server that answers AUTOMATIC1111's
 * txt2img the way the WebUI does (base64 PNGs in `images`, the request echoed in `parameters`,
 * `info` as a JSON string). A style's sample is drawn by the engine once, stored, and from then on
 * read from storage, also by a new process; while the engine fails, the style's drawing stands in.
 */
interface Call {
  prompt: string;
  width: number;
  height: number;
  batch: number;
}

let server: http.Server;
let baseUrl = '';
const calls: Call[] = [];
let failing = false;
/** A flat colour per call, so a test can tell which generation it is looking at. */
const COLOURS = [
  { r: 200, g: 30, b: 40 },
  { r: 30, g: 160, b: 60 },
  { r: 40, g: 60, b: 210 },
  { r: 220, g: 200, b: 40 },
];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url?.startsWith('/sdapi/v1/progress')) return json(200, { progress: 0.5, state: {} });
      if (req.url !== '/sdapi/v1/txt2img' || req.method !== 'POST') return json(404, { detail: 'Not Found' });
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      calls.push({
        prompt: String(body.prompt),
        width: Number(body.width),
        height: Number(body.height),
        batch: Number(body.batch_size),
      });
      if (failing) return json(503, { detail: 'busy' });
      const colour = COLOURS[(calls.length - 1) % COLOURS.length]!;
      void sharp({
        create: { width: Number(body.width), height: Number(body.height), channels: 3, background: colour },
      })
        .png()
        .toBuffer()
        .then((png) =>
          setTimeout(
            () =>
              json(200, {
                images: [png.toString('base64')],
                parameters: body,
                info: JSON.stringify({ seed: body.seed }),
              }),
            80,
          ),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function colourOf(bytes: Buffer): Promise<number[]> {
  const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

const near = (a: number[], b: { r: number; g: number; b: number }) =>
  Math.abs(a[0]! - b.r) + Math.abs(a[1]! - b.g) + Math.abs(a[2]! - b.b) < 24;

describe('style samples from a real image engine', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-samples-'));
  const engine = () => new A1111Engine({ baseUrl, progressEveryMs: 60_000 });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const t = useTestApp(() => ({ imageEngine: engine(), env: { DATA_DIR: dataDir } }));

  const get = (app: TestApp, id: string) =>
    app.app.inject({ method: 'GET', url: `/cgi-bin/presets/${id}.webp` });

  it('draws a style once with its own prompt, then serves it from the cache', async () => {
    const first = await get(t, 'anime-mecha');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['x-style-sample']).toBe('engine');
    expect(first.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ width: 512, height: 640, batch: 1 });
    expect(calls[0]!.prompt).toContain('mecha anime style, giant robot');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 320]);
    expect(near(await colourOf(first.rawPayload), COLOURS[0]!)).toBe(true);

    const again = await get(t, 'anime-mecha');
    expect(again.headers['x-style-sample']).toBe('engine');
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('asks the engine once however many tiles ask at the same time', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(t, 'tattoo-fineline')));
    expect(answers.map((a) => a.headers['x-style-sample'])).toEqual(Array(5).fill('engine'));
    expect(calls.filter((c) => c.prompt.includes('fine line tattoo'))).toHaveLength(1);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('keeps the samples in storage: a new process serves them without the engine', async () => {
    const before = calls.length;
    await withTestApp({ imageEngine: engine(), env: { DATA_DIR: dataDir } }, async (second) => {
      const answer = await get(second, 'anime-mecha');
      expect(answer.headers['x-style-sample']).toBe('engine');
      expect(near(await colourOf(answer.rawPayload), COLOURS[0]!)).toBe(true);
      expect(calls.length).toBe(before);
    });
  }, 60_000);

  it('shows the drawing while the engine fails, briefly cached, and does not ask again at once', async () => {
    failing = true;
    try {
      const before = calls.length;
      const answer = await get(t, 'girl-elf');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-style-sample']).toBe('drawing');
      expect(answer.headers['cache-control']).toBe('public, max-age=300');
      expect(calls.length).toBe(before + 1);
      await get(t, 'girl-elf');
      expect(calls.length).toBe(before + 1);
    } finally {
      failing = false;
    }
  });

  it('answers not found, in the envelope, for a style that does not exist, without asking the engine', async () => {
    const before = calls.length;
    for (const res of [
      await get(t, 'no-such-style'),
      await t.app.inject({ method: 'GET', url: '/cgi-bin/presets/..%2Fsecret' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<{ code: number }>().code).toBe(ErrorCode.NOT_FOUND);
    }
    expect(calls.length).toBe(before);
  });
});

describe('style tiles without a real engine', () => {
  const t = useTestApp();

  it('serve the offline drawing of each style', async () => {
    const mecha = await t.app.inject({ method: 'GET', url: '/cgi-bin/presets/anime-mecha.webp' });
    const fineline = await t.app.inject({ method: 'GET', url: '/cgi-bin/presets/tattoo-fineline.webp' });
    expect(mecha.headers['x-style-sample']).toBe('drawing');
    expect(mecha.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(Buffer.compare(mecha.rawPayload, fineline.rawPayload)).not.toBe(0);
    expect((await sharp(mecha.rawPayload).metadata()).width).toBe(256);
  });
});
