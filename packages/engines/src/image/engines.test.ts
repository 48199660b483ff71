import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { A1111Engine } from './a1111';
import { ComfyUIEngine, fillWorkflow } from './comfyui';
import { colourOf, FakeImageServer } from './fake-image-server.test-kit';
import { OpenAIImagesEngine } from './openai-images';
import { PreviewImageEngine } from './preview';
import type { ImageRequest } from './types';

/** One local server that speaks A1111, ComfyUI and OpenAI images, the way each answers. */
const fake = new FakeImageServer();
const seen = fake.seen;
let base = '';

beforeAll(async () => {
  await fake.start();
  base = fake.base;
});

afterAll(() => fake.close());

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
    fake.a1111Mode = 'ok';
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

  it('answers as soon as the pictures are in, not at the end of a progress wait', async () => {
    fake.a1111Mode = 'ok';
    const engine = new A1111Engine({ baseUrl: base, progressEveryMs: 1000 });
    const t = performance.now();
    await engine.generate(request({ onProgress: () => undefined }));
    // The stand-in answers in 120 ms; the progress loop waits a second between its asks.
    expect(performance.now() - t).toBeLessThan(600);
  });

  it('types the failures: busy, refused input, timeout, the caller leaving', async () => {
    fake.a1111Mode = 'busy';
    await expect(at().generate(request())).rejects.toMatchObject({ kind: 'unavailable' });
    fake.a1111Mode = 'bad';
    await expect(at().generate(request())).rejects.toMatchObject({ kind: 'rejected' });
    fake.a1111Mode = 'slow';
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

describe('a reference picture (issue 22)', () => {
  const reference = async () => ({
    bytes: await sharp({ create: { width: 32, height: 40, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer(),
    mime: 'image/png' as const,
  });

  it('A1111 draws from it with img2img: init_images, denoising strength, the prompt', async () => {
    fake.a1111Mode = 'ok';
    const ref = await reference();
    const engine = new A1111Engine({ baseUrl: base, progressEveryMs: 30 });
    expect(engine.takesReference).toBe(true);
    const [image] = await engine.generate(request({ prompt: 'silver hair, at the harbour', reference: ref }));
    const sent = fake.last('/sdapi/v1/img2img');
    expect(sent?.body).toMatchObject({
      init_images: [ref.bytes.toString('base64')],
      denoising_strength: 0.65,
      resize_mode: 1,
      prompt: 'silver hair, at the harbour',
      width: 768,
      height: 1024,
    });
    expect(await colourOf(image!.bytes)).toEqual([255, 0, 0]);
  });

  it('A1111 with IP-Adapter: txt2img with the picture as a ControlNet unit', async () => {
    const ref = await reference();
    const engine = new A1111Engine({
      baseUrl: base,
      reference: {
        mode: 'ip-adapter',
        module: 'ip-adapter_clip_sdxl',
        model: 'ip-adapter_sdxl',
        weight: 0.8,
      },
    });
    await engine.generate(request({ reference: ref }));
    expect(fake.last('/sdapi/v1/txt2img')?.body.alwayson_scripts).toEqual({
      controlnet: {
        args: [
          {
            enabled: true,
            image: ref.bytes.toString('base64'),
            module: 'ip-adapter_clip_sdxl',
            model: 'ip-adapter_sdxl',
            weight: 0.8,
          },
        ],
      },
    });
  });

  const workflow = {
    '5': {
      class_type: 'EmptyLatentImage',
      inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{batch_size}}' },
    },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } },
  };
  const referenceWorkflow = {
    '6': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}' } },
    '10': { class_type: 'LoadImage', inputs: { image: '{{reference_image}}' } },
    '11': { class_type: 'RepeatLatentBatch', inputs: { amount: '{{batch_size}}' } },
  };

  it('ComfyUI uploads it to /upload/image and names it in the workflow’s LoadImage', async () => {
    const ref = await reference();
    const engine = new ComfyUIEngine({ baseUrl: base, workflow, referenceWorkflow, pollEveryMs: 10 });
    expect(engine.takesReference).toBe(true);
    await engine.generate(request({ prompt: 'grey eyes, in the rain', reference: ref }));
    const upload = fake.last('/upload/image')?.form;
    const file = upload?.image as { name: string; bytes: Buffer };
    expect(file.bytes.equals(ref.bytes)).toBe(true);
    expect(upload?.type).toBe('input');
    const queued = fake.last('/prompt')?.body.prompt as Record<string, { inputs: Record<string, unknown> }>;
    expect(queued['10']?.inputs.image).toBe(file.name);
    expect(queued['6']?.inputs.text).toBe('grey eyes, in the rain');
  });

  it('leaves the reference out where the engine cannot take it', async () => {
    const uploads = fake.seen.filter((s) => s.url === '/upload/image').length;
    const comfy = new ComfyUIEngine({ baseUrl: base, workflow, pollEveryMs: 10 });
    expect(comfy.takesReference).toBe(false);
    await comfy.generate(request({ reference: await reference() }));
    expect(fake.seen.filter((s) => s.url === '/upload/image')).toHaveLength(uploads);
    expect(JSON.stringify(fake.last('/prompt')?.body.prompt)).not.toContain('LoadImage');
    expect(new PreviewImageEngine().takesReference).toBe(false);
    expect(
      new OpenAIImagesEngine({ baseUrl: base, models: { standard: 'm', advanced: 'm' } }).takesReference,
    ).toBe(false);
  });
});
