import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { A1111Engine } from './a1111';
import { ComfyUIEngine, fillWorkflow } from './comfyui';
import { OpenAIImagesEngine } from './openai-images';
import { PreviewImageEngine } from './preview';
import type { ImageRequest } from './types';

/** A PNG of one colour, so a test can tell which image came back. */
const png = (r: number, g: number, b: number, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function colourOf(bytes: Buffer): Promise<number[]> {
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** One local server that speaks A1111, ComfyUI and OpenAI images, the way each answers. */
let server: http.Server;
let base = '';
const seen: Seen[] = [];
let a1111Mode: 'ok' | 'busy' | 'bad' | 'slow' = 'ok';
let comfyPolls = 0;
const comfyPrompts = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  const red = await png(255, 0, 0);
  const green = await png(0, 255, 0);
  const blue = await png(0, 0, 255);
  const grid = await png(9, 9, 9);
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const url = new URL(req.url ?? '/', 'http://x');
      // AUTOMATIC1111
      if (url.pathname === '/sdapi/v1/txt2img') {
        if (a1111Mode === 'busy') return json(503, { detail: 'busy' });
        if (a1111Mode === 'bad') return json(422, { detail: [{ msg: 'field required' }] });
        const reply = () => {
          const n = Number(body.batch_size);
          const images = [red, green, blue].slice(0, n).map((b) => b.toString('base64'));
          // A batch answer starts with the grid, as the WebUI sends it.
          json(200, {
            images: n > 1 ? [grid.toString('base64'), ...images] : images,
            parameters: body,
            info: JSON.stringify({ seed: body.seed }),
          });
        };
        if (a1111Mode === 'slow') setTimeout(reply, 2000);
        else setTimeout(reply, 120);
        return;
      }
      if (url.pathname === '/sdapi/v1/progress') {
        return json(200, { progress: 0.5, eta_relative: 1, state: { job_count: 1 }, current_image: null });
      }
      // ComfyUI
      if (url.pathname === '/prompt' && req.method === 'POST') {
        const prompt = body.prompt as Record<string, { class_type: string; inputs: Record<string, unknown> }>;
        const bad = Object.entries(prompt).find(([, node]) => !node.class_type);
        if (bad) return json(400, { error: { type: 'invalid_prompt' }, node_errors: { [bad[0]]: {} } });
        const id = `p${comfyPrompts.size + 1}`;
        comfyPrompts.set(id, prompt);
        comfyPolls = 0;
        return json(200, { prompt_id: id, number: comfyPrompts.size, node_errors: {} });
      }
      const history = /^\/history\/(\w+)$/.exec(url.pathname);
      if (history?.[1]) {
        const id = history[1];
        // Not done for the first two polls.
        if (++comfyPolls < 3) return json(200, {});
        const prompt = comfyPrompts.get(id) as Record<string, { inputs: Record<string, unknown> }>;
        const n = Number(prompt['5']?.inputs.batch_size ?? 1);
        const images = Array.from({ length: n }, (_, i) => ({
          filename: `lumi_${i}.png`,
          subfolder: '',
          type: 'output',
        }));
        return json(200, {
          [id]: {
            outputs: { '9': { images } },
            status: { status_str: 'success', completed: true, messages: [] },
          },
        });
      }
      if (url.pathname === '/view') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(url.searchParams.get('filename') === 'lumi_1.png' ? green : red);
      }
      // OpenAI images
      if (url.pathname === '/v1/images/generations') {
        if (req.headers.authorization !== 'Bearer sk-img')
          return json(401, { error: { message: 'bad key' } });
        if (String(body.prompt).includes('forbidden')) {
          return json(400, { error: { message: 'Your request was rejected by the safety system.' } });
        }
        const asUrl = body.model === 'url-model';
        return json(200, {
          created: 1,
          data: Array.from({ length: Number(body.n) }, (_, i) =>
            asUrl ? { url: `${base}/file/${i}.png` } : { b64_json: (i ? blue : red).toString('base64') },
          ),
        });
      }
      if (url.pathname.startsWith('/file/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(green);
      }
      json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (over: Partial<ImageRequest> = {}): ImageRequest => ({
  prompt: 'a lighthouse at dusk',
  negativePrompt: 'blurry',
  width: 768,
  height: 1024,
  count: 1,
  seed: 42,
  model: 'standard',
  ...over,
});

describe('AUTOMATIC1111 / Forge', () => {
  const engine = new A1111Engine({
    baseUrl: `http://placeholder`,
    checkpoints: { standard: 'sdxl_base.safetensors', advanced: 'juggernaut.safetensors' },
    progressEveryMs: 30,
  });
  const at = () => new A1111Engine({ ...engine['options'], baseUrl: base, progressEveryMs: 30 });

  it('sends txt2img with the protocol fields and returns the pictures without the grid', async () => {
    a1111Mode = 'ok';
    const progress: number[] = [];
    const images = await at().generate(
      request({ count: 2, model: 'advanced', onProgress: (f) => progress.push(f) }),
    );
    const sent = seen.findLast((s) => s.url === '/sdapi/v1/txt2img');
    expect(sent?.body).toMatchObject({
      prompt: 'a lighthouse at dusk',
      negative_prompt: 'blurry',
      seed: 42,
      batch_size: 2,
      n_iter: 1,
      width: 768,
      height: 1024,
      override_settings: { sd_model_checkpoint: 'juggernaut.safetensors' },
    });
    expect(images).toHaveLength(2);
    expect(await colourOf(images[0]!.bytes)).toEqual([255, 0, 0]);
    expect(await colourOf(images[1]!.bytes)).toEqual([0, 255, 0]);
    expect(progress).toContain(0.5);
  });

  it('types the failures: busy, refused input, timeout, the caller leaving', async () => {
    a1111Mode = 'busy';
    await expect(at().generate(request())).rejects.toMatchObject({ kind: 'unavailable' });
    a1111Mode = 'bad';
    await expect(at().generate(request())).rejects.toMatchObject({ kind: 'rejected' });
    a1111Mode = 'slow';
    await expect(at().generate(request({ timeoutMs: 200 }))).rejects.toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(at().generate(request({ signal: controller.signal }))).rejects.toMatchObject({
      kind: 'aborted',
    });
    await expect(
      new A1111Engine({ baseUrl: 'http://127.0.0.1:9' }).generate(request()),
    ).rejects.toBeInstanceOf(EngineError);
  });
});

describe('ComfyUI', () => {
  const workflow = {
    '3': { class_type: 'KSampler', inputs: { seed: '{{seed}}', model: ['4', 0] } },
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '{{checkpoint}}' } },
    '5': {
      class_type: 'EmptyLatentImage',
      inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{batch_size}}' },
    },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: 'bad: {{negative_prompt}}' } },
  };

  it('fills the workflow template: numbers as numbers, text inside text', () => {
    expect(
      fillWorkflow(workflow, {
        seed: 7,
        width: 512,
        height: 640,
        batch_size: 2,
        prompt: 'p',
        negative_prompt: 'n',
        checkpoint: 'c',
      }),
    ).toMatchObject({
      '3': { inputs: { seed: 7 } },
      '5': { inputs: { width: 512, height: 640, batch_size: 2 } },
      '6': { inputs: { text: 'p' } },
      '7': { inputs: { text: 'bad: n' } },
    });
  });

  it('queues the prompt, polls its history, and fetches each output by /view', async () => {
    const engine = new ComfyUIEngine({
      baseUrl: base,
      workflow,
      checkpoints: { standard: 'sd15.safetensors' },
      pollEveryMs: 20,
    });
    const images = await engine.generate(request({ count: 2 }));
    const queued = seen.findLast((s) => s.url === '/prompt');
    expect(queued?.body.client_id).toEqual(expect.any(String));
    expect(queued?.body.prompt).toMatchObject({
      '3': { inputs: { seed: 42 } },
      '4': { inputs: { ckpt_name: 'sd15.safetensors' } },
      '5': { inputs: { width: 768, height: 1024, batch_size: 2 } },
    });
    expect(seen.filter((s) => s.url.startsWith('/history/')).length).toBeGreaterThanOrEqual(3);
    expect(await colourOf(images[0]!.bytes)).toEqual([255, 0, 0]);
    expect(await colourOf(images[1]!.bytes)).toEqual([0, 255, 0]);
  });

  it('reports a workflow ComfyUI refuses as refused input', async () => {
    const engine = new ComfyUIEngine({ baseUrl: base, workflow: { '1': { inputs: {} } } });
    await expect(engine.generate(request())).rejects.toMatchObject({ kind: 'rejected' });
  });
});

describe('OpenAI-compatible images', () => {
  const engine = (model = 'gpt-image-1', apiKey = 'sk-img') =>
    new OpenAIImagesEngine({ baseUrl: `${base}/v1`, apiKey, models: { standard: model, advanced: 'big' } });

  it('asks for n images at the size, as base64, and decodes them', async () => {
    const images = await engine().generate(request({ count: 2 }));
    expect(seen.findLast((s) => s.url === '/v1/images/generations')?.body).toMatchObject({
      model: 'gpt-image-1',
      n: 2,
      size: '768x1024',
      response_format: 'b64_json',
    });
    expect(await colourOf(images[1]!.bytes)).toEqual([0, 0, 255]);
  });

  it('downloads images answered as URLs', async () => {
    const [image] = await engine('url-model').generate(request());
    expect(await colourOf(image!.bytes)).toEqual([0, 255, 0]);
  });

  it('types a bad key as config and a refused prompt as rejected', async () => {
    await expect(engine('m', 'wrong').generate(request())).rejects.toMatchObject({ kind: 'config' });
    await expect(engine().generate(request({ prompt: 'forbidden thing' }))).rejects.toMatchObject({
      kind: 'rejected',
    });
  });
});

describe('the offline preview renderer', () => {
  it('draws the same picture for the same prompt and seed, another for another seed', async () => {
    const engine = new PreviewImageEngine();
    const [a] = await engine.generate(request({ width: 256, height: 256 }));
    const [b] = await engine.generate(request({ width: 256, height: 256 }));
    const [c] = await engine.generate(request({ width: 256, height: 256, seed: 43 }));
    expect(engine.preview).toBe(true);
    expect(a!.bytes.equals(b!.bytes)).toBe(true);
    expect(a!.bytes.equals(c!.bytes)).toBe(false);
    const meta = await sharp(a!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });
});
