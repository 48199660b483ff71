import { Worker } from 'node:worker_threads';
import { deadline } from '../image/http';
import type { SpeechAudio, SpeechEngine, SpeechRequest } from './types';

type Reply = { id: number; bytes?: Uint8Array; error?: string };

/**
 * The thread eSpeak NG runs in (espeak-thread.js), started on first use and shared by every
 * engine of the process; it does not keep the process alive while idle.
 */
class EspeakThread {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  run(args: string[], text: string): Promise<Uint8Array> {
    const worker = this.start();
    const id = (this.next += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        if (reply.bytes) resolve(reply.bytes);
        else reject(new Error(reply.error ?? 'eSpeak NG failed'));
      });
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, args, text });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./espeak-thread.js', import.meta.url));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const done = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (!this.waiting.size) worker.unref();
      done?.(reply);
    });
    // A thread that dies fails what it held; the next call starts another.
    const fail = (err: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      for (const done of this.waiting.values()) done({ id: 0, error: String(err) });
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(`eSpeak NG thread exited (${code})`));
    this.worker = worker;
    return worker;
  }
}

const thread = new EspeakThread();

/**
 * eSpeak NG compiled to WebAssembly (the `espeak-ng` package): no system install, no download.
 * Each preset is a language and accent, a variant, a pitch and a rate, so the 17 voices differ.
 * Each call runs the WASM program once, in a worker thread (the site's thread stays free for its
 * requests), and reads the WAV it wrote to its in-memory file system.
 */
export class EspeakEngine implements SpeechEngine {
  readonly id = 'espeak-ng';
  readonly offline = true;

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const limit = deadline(request.timeoutMs ?? 60_000, request.signal);
    try {
      const { voice, variant, pitch, speed } = request.voice.espeak;
      // The text goes in a file of the program's own file system: never read as an option.
      const args = [
        '-w',
        'out.wav',
        '-v',
        `${voice}+${variant}`,
        '-p',
        String(pitch),
        '-s',
        String(speed),
        '-f',
        'in.txt',
      ];
      if (limit.signal.aborted) throw new Error('stopped');
      const wav = await Promise.race([
        thread.run(args, request.text),
        new Promise<never>((_, reject) =>
          limit.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
        ),
      ]);
      return { bytes: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength), mime: 'audio/wav' };
    } catch (err) {
      throw limit.failure(err, 'eSpeak NG');
    } finally {
      limit.done();
    }
  }
}
