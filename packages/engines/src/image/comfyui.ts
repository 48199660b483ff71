import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { EngineError } from '../errors';
import { authHeaders, fetchJson, kindForStatus, sleep } from './http';
import { fetchImage, RemoteImageEngine, type RemoteImageOptions } from './remote-engine';
import type { GeneratedImage, ImageRequest, ReferenceImage } from './types';

export interface ComfyUIOptions extends RemoteImageOptions {
  /** The ComfyUI server, e.g. http://127.0.0.1:8188. */
  baseUrl: string;
  apiKey?: string | undefined;
  /**
   * The workflow in ComfyUI's API format (Save (API) in its menu), with placeholders as whole
   * string values: "{{prompt}}", "{{negative_prompt}}", "{{seed}}", "{{width}}", "{{height}}",
   * "{{batch_size}}", "{{checkpoint}}". Numbers replace their placeholder as numbers.
   */
  workflow: unknown;
  /**
   * The workflow for a request with a reference picture (issue 22), with "{{reference_image}}"
   * where a LoadImage node names its file; the picture is uploaded first (`POST /upload/image`).
   * A main workflow that has the placeholder serves both. Neither: the reference is left out.
   */
  referenceWorkflow?: unknown;
  checkpoints?: { standard?: string | undefined; advanced?: string | undefined };
  pollEveryMs?: number;
}

/** Reads a workflow template file (JSON in ComfyUI's API format). */
export function loadComfyWorkflow(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The workflow with every placeholder filled in. */
export function fillWorkflow(workflow: unknown, values: Record<string, string | number>): unknown {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\{\{(\w+)\}\}$/.exec(v);
      if (whole?.[1] && whole[1] in values) return values[whole[1]];
      return v.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(workflow);
}

interface HistoryEntry {
  outputs?: Record<string, { images?: { filename: string; subfolder: string; type: string }[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: unknown[] };
}

/**
 * ComfyUI: `POST /prompt` with the filled workflow, then `GET /history/{prompt_id}` until it
 * completes, then each output image by `GET /view`. Progress comes from the queue position
 * (`GET /queue`) while it waits: 0 until the prompt runs.
 */
export class ComfyUIEngine extends RemoteImageEngine<ComfyUIOptions> {
  readonly id = 'comfyui';
  protected readonly what = 'ComfyUI';

  /** The workflow a reference picture goes into, if there is one. */
  private get referenceWorkflow(): unknown {
    if (hasPlaceholder(this.options.workflow, 'reference_image')) return this.options.workflow;
    return this.options.referenceWorkflow;
  }

  get takesReference(): boolean {
    return this.referenceWorkflow !== undefined;
  }

  protected async draw(request: ImageRequest, base: string, signal: AbortSignal): Promise<GeneratedImage[]> {
    const headers = authHeaders(this.options.apiKey);
    const withReference = request.reference && this.takesReference ? request.reference : undefined;
    const referenceName = withReference ? await this.upload(base, withReference, headers, signal) : '';
    const prompt = fillWorkflow(withReference ? this.referenceWorkflow : this.options.workflow, {
      reference_image: referenceName,
      prompt: request.prompt,
      negative_prompt: request.negativePrompt,
      seed: request.seed,
      width: request.width,
      height: request.height,
      batch_size: request.count,
      checkpoint: this.options.checkpoints?.[request.model] ?? '',
    });
    const queued = await fetch(`${base}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ prompt, client_id: randomUUID() }),
      signal,
    });
    const text = await queued.text();
    if (!queued.ok) {
      throw new EngineError(
        kindForStatus(queued.status),
        `ComfyUI /prompt: HTTP ${queued.status} ${text.slice(0, 300)}`,
      );
    }
    const { prompt_id: promptId } = JSON.parse(text) as { prompt_id?: string };
    if (!promptId) throw new EngineError('protocol', 'ComfyUI /prompt: no prompt_id');
    let entry: HistoryEntry | undefined;
    while (!entry) {
      const history = await fetchJson<Record<string, HistoryEntry>>(
        `${base}/history/${encodeURIComponent(promptId)}`,
        { headers, signal },
        'ComfyUI /history',
      );
      const found = history[promptId];
      if (found?.status?.status_str === 'error') {
        throw new EngineError('rejected', 'ComfyUI: the workflow failed');
      }
      if (found?.status?.completed || (found?.outputs && Object.keys(found.outputs).length > 0)) {
        entry = found;
        break;
      }
      await sleep(this.options.pollEveryMs ?? 500, signal);
      if (signal.aborted) throw new Error('stopped');
    }
    request.onProgress?.(1);
    const files = Object.values(entry.outputs ?? {}).flatMap((o) => o.images ?? []);
    if (files.length === 0) throw new EngineError('protocol', 'ComfyUI: no output images');
    const images: GeneratedImage[] = [];
    for (const file of files.slice(0, request.count)) {
      const query = new URLSearchParams({
        filename: file.filename,
        subfolder: file.subfolder,
        type: file.type,
      });
      images.push(await fetchImage(`${base}/view?${query.toString()}`, { headers, signal }, 'ComfyUI /view'));
    }
    return images;
  }

  /** Puts the reference into ComfyUI's input folder (`POST /upload/image`): the name LoadImage takes. */
  private async upload(
    base: string,
    reference: ReferenceImage,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<string> {
    const form = new FormData();
    const ext = reference.mime === 'image/png' ? 'png' : reference.mime === 'image/jpeg' ? 'jpg' : 'webp';
    form.append(
      'image',
      new Blob([new Uint8Array(reference.bytes)], { type: reference.mime }),
      `lumi-reference-${randomUUID()}.${ext}`,
    );
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const answer = await fetchJson<{ name?: string; subfolder?: string }>(
      `${base}/upload/image`,
      { method: 'POST', headers, body: form, signal },
      'ComfyUI /upload/image',
    );
    if (!answer.name) throw new EngineError('protocol', 'ComfyUI /upload/image: no name');
    return answer.subfolder ? `${answer.subfolder}/${answer.name}` : answer.name;
  }
}

/** Whether a workflow has "{{name}}" in one of its values. */
function hasPlaceholder(workflow: unknown, name: string): boolean {
  return JSON.stringify(workflow ?? null).includes(`{{${name}}}`);
}
