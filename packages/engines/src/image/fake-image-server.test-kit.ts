import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A PNG of one colour, so a test can tell which image came back. */
export const png = (r: number, g: number, b: number, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

export async function colourOf(bytes: Buffer): Promise<number[]> {
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** A JSON body, parsed ({} for none or another type). */
  body: Record<string, unknown>;
  /** A multipart body's fields, files as their bytes (ComfyUI's /upload/image). */
  form?: Record<string, string | { name: string; type: string; bytes: Buffer }>;
}

type ComfyNode = { class_type: string; inputs: Record<string, unknown> };

/**
 * One local server that speaks AUTOMATIC1111 (txt2img, img2img, progress), ComfyUI (prompt,
 * history, view, upload/image) and OpenAI images, each the way the real one answers, for the
 * engines' tests and the server's (issue 22: the reference picture reaching img2img and the
 * workflow's LoadImage). `a1111Mode` makes A1111 busy, refuse, or slow.
 */
export class FakeImageServer {
  readonly seen: Seen[] = [];
  a1111Mode: 'ok' | 'busy' | 'bad' | 'slow' = 'ok';
  /** Delay of an A1111 answer in ms. */
  a1111DelayMs = 120;
  private comfyPolls = 0;
  readonly comfyPrompts = new Map<string, Record<string, ComfyNode>>();
  /** Files uploaded to ComfyUI's input folder, by name. */
  readonly comfyInputs = new Map<string, Buffer>();
  base = '';
  private server?: http.Server;
  private colours: Record<'red' | 'green' | 'blue' | 'grid', Buffer> | undefined;

  async start(): Promise<this> {
    this.colours = {
      red: await png(255, 0, 0),
      green: await png(0, 255, 0),
      blue: await png(0, 0, 255),
      grid: await png(9, 9, 9),
    };
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.answer(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The last request to a path. */
  last(url: string): Seen | undefined {
    return this.seen.findLast((s) => s.url === url);
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const { red, green, blue, grid } = this.colours!;
    const type = req.headers['content-type'] ?? '';
    let body: Record<string, unknown> = {};
    let form: Seen['form'];
    if (type.startsWith('application/json') && raw.length) body = JSON.parse(raw.toString()) as typeof body;
    if (type.startsWith('multipart/form-data')) {
      const parsed = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': type },
        body: raw,
      }).formData();
      form = {};
      for (const [key, value] of parsed.entries()) {
        form[key] =
          typeof value === 'string'
            ? value
            : { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
    }
    this.seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      ...(form ? { form } : {}),
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const url = new URL(req.url ?? '/', 'http://x');
    // AUTOMATIC1111
    if (url.pathname === '/sdapi/v1/txt2img' || url.pathname === '/sdapi/v1/img2img') {
      if (this.a1111Mode === 'busy') return json(503, { detail: 'busy' });
      if (this.a1111Mode === 'bad') return json(422, { detail: [{ msg: 'field required' }] });
      if (url.pathname.endsWith('img2img') && !Array.isArray(body.init_images)) {
        return json(422, { detail: [{ loc: ['body', 'init_images'], msg: 'field required' }] });
      }
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
      setTimeout(reply, this.a1111Mode === 'slow' ? 2000 : this.a1111DelayMs);
      return;
    }
    if (url.pathname === '/sdapi/v1/progress') {
      return json(200, { progress: 0.5, eta_relative: 1, state: { job_count: 1 }, current_image: null });
    }
    // ComfyUI
    if (url.pathname === '/upload/image' && req.method === 'POST') {
      const image = form?.image;
      if (!image || typeof image === 'string') return json(400, { error: 'no image' });
      const subfolder = typeof form?.subfolder === 'string' ? form.subfolder : '';
      this.comfyInputs.set(image.name, image.bytes);
      return json(200, { name: image.name, subfolder, type: 'input' });
    }
    if (url.pathname === '/prompt' && req.method === 'POST') {
      const prompt = body.prompt as Record<string, ComfyNode>;
      const bad = Object.entries(prompt).find(([, node]) => !node.class_type);
      if (bad) return json(400, { error: { type: 'invalid_prompt' }, node_errors: { [bad[0]]: {} } });
      // A LoadImage naming a file the input folder lacks fails validation, as in ComfyUI.
      const missing = Object.entries(prompt).find(
        ([, node]) => node.class_type === 'LoadImage' && !this.comfyInputs.has(String(node.inputs.image)),
      );
      if (missing) {
        return json(400, {
          error: { type: 'prompt_outputs_failed_validation' },
          node_errors: { [missing[0]]: { errors: [{ type: 'value_not_in_list' }] } },
        });
      }
      const id = `p${this.comfyPrompts.size + 1}`;
      this.comfyPrompts.set(id, prompt);
      this.comfyPolls = 0;
      return json(200, { prompt_id: id, number: this.comfyPrompts.size, node_errors: {} });
    }
    const history = /^\/history\/(\w+)$/.exec(url.pathname);
    if (history?.[1]) {
      const id = history[1];
      // Not done for the first two polls.
      if (++this.comfyPolls < 3) return json(200, {});
      const prompt = this.comfyPrompts.get(id) ?? {};
      const latent = Object.values(prompt).find((n) => 'batch_size' in n.inputs || 'amount' in n.inputs);
      const n = Number(latent?.inputs.batch_size ?? latent?.inputs.amount ?? 1);
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
      if (req.headers.authorization !== 'Bearer sk-img') return json(401, { error: { message: 'bad key' } });
      if (String(body.prompt).includes('forbidden')) {
        return json(400, { error: { message: 'Your request was rejected by the safety system.' } });
      }
      const asUrl = body.model === 'url-model';
      return json(200, {
        created: 1,
        data: Array.from({ length: Number(body.n) }, (_, i) =>
          asUrl ? { url: `${this.base}/file/${i}.png` } : { b64_json: (i ? blue : red).toString('base64') },
        ),
      });
    }
    if (url.pathname.startsWith('/file/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(green);
    }
    json(404, { error: 'not found' });
  }
}
