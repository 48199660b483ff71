import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeWav } from '../voice/wav';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface SpeechBackend {
  /** `http://127.0.0.1:<port>`: ElevenLabs under /v1/…, OpenAI-compatible speech at /v1/audio/speech. */
  base: string;
  /** Every request, in order. */
  seen: SeenRequest[];
  /** The voices cloned (POST /v1/voices/add) and not deleted yet. */
  voices: Set<string>;
  close(): Promise<void>;
}

/** The key each side takes, and the one premade ElevenLabs voice the stand-in knows. */
export const SPEECH_BACKEND = {
  elevenlabsKey: 'xi-key',
  openaiKey: 'sk-speech',
  elevenlabsVoice: 'EXAVITQu4vr4xnSDxMaL',
};

/**
 * A stand-in for ElevenLabs and an OpenAI-compatible speech server (Kokoro-FastAPI, LocalAI), the
 * way each answers: audio bytes on success, their JSON errors otherwise (401 without the key, 404
 * for a voice it does not have, 500 for a text with FAIL in it). ElevenLabs answers `mp3`
 * (audio/mpeg), the OpenAI side `wav`: tests that decode the audio pass real files.
 */
export async function startSpeechBackend(
  answers: { mp3?: Buffer; wav?: Buffer } = {},
): Promise<SpeechBackend> {
  const mp3 = answers.mp3 ?? Buffer.concat([Buffer.from('ID3'), Buffer.alloc(500, 1)]);
  const wav = answers.wav ?? encodeWav(new Float32Array(2205).fill(0.1), 22050);
  const seen: SeenRequest[] = [];
  const voices = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const url = new URL(req.url ?? '/', 'http://x');
      if (
        url.pathname.startsWith('/v1/') &&
        req.headers['xi-api-key'] === undefined &&
        !url.pathname.startsWith('/v1/audio')
      ) {
        return json(401, { detail: { status: 'invalid_api_key' } });
      }
      const tts = /^\/v1\/text-to-speech\/([\w-]+)$/.exec(url.pathname);
      if (tts?.[1]) {
        if (req.headers['xi-api-key'] !== SPEECH_BACKEND.elevenlabsKey)
          return json(401, { detail: { status: 'invalid_api_key' } });
        if (tts[1] !== SPEECH_BACKEND.elevenlabsVoice && !voices.has(tts[1]))
          return json(404, { detail: { status: 'voice_not_found' } });
        const text = (JSON.parse(body.toString()) as { text: string }).text;
        if (text.includes('FAIL')) return json(500, { detail: 'boom' });
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        return res.end(mp3);
      }
      if (url.pathname === '/v1/voices/add') {
        const type = req.headers['content-type'] ?? '';
        if (!type.startsWith('multipart/form-data') || !body.includes('name="files"')) {
          return json(422, { detail: 'files required' });
        }
        const id = `cloned${voices.size + 1}`;
        voices.add(id);
        return json(200, { voice_id: id, requires_verification: false });
      }
      const del = /^\/v1\/voices\/([\w-]+)$/.exec(url.pathname);
      if (del?.[1] && req.method === 'DELETE') {
        voices.delete(del[1]);
        return json(200, { status: 'ok' });
      }
      if (url.pathname === '/v1/audio/speech') {
        if (req.headers.authorization !== `Bearer ${SPEECH_BACKEND.openaiKey}`)
          return json(401, { error: { message: 'bad key' } });
        const input = (JSON.parse(body.toString()) as { input?: string }).input ?? '';
        if (input.includes('FAIL')) return json(500, { error: { message: 'boom' } });
        res.writeHead(200, { 'content-type': 'audio/wav' });
        return res.end(wav);
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    voices,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
