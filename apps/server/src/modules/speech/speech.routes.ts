import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { AUDIO_FORMATS, ErrorCode, SPEECH_LIMITS, ttsBodySchema, type AudioFormat } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { readHead, sniffAudio } from '../../lib/audio';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { fileChunks, readParts } from '../../lib/multipart';
import { refuseBadInput, validate } from '../../lib/validate';
import { caller } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import type { SpeechService } from './speech.service';

const UPLOAD_DIR = path.join(os.tmpdir(), 'lumi-uploads');

class TooLarge extends Error {}

/** Streams an upload to a temporary file, refusing it as soon as it passes `limit` bytes. */
async function saveUpload(
  part: MultipartFile,
  limit: number,
): Promise<{ file: string; format: AudioFormat }> {
  await fs.promises.mkdir(UPLOAD_DIR, { recursive: true });
  const file = path.join(UPLOAD_DIR, randomUUID());
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) done(new TooLarge());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(fileChunks(part), counter, fs.createWriteStream(file));
    if (part.file.truncated) throw new TooLarge();
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    part.file.resume();
    if (err instanceof TooLarge) {
      throw new BusinessError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        'audio_too_large',
        { mb: String(Math.round(limit / 1024 / 1024)) },
        413,
      );
    }
    throw err;
  }
  const format = sniffAudio(await readHead(file));
  if (!format || !AUDIO_FORMATS.includes(format)) {
    await fs.promises.rm(file, { force: true });
    throw new BusinessError(ErrorCode.INVALID_INPUT, 'audio_format');
  }
  return { file, format };
}

/** Text to speech (answers the audio), the voices and their samples, voice cloning, history. */
export const speechRoutes: FastifyPluginAsync<{ speech: SpeechService; credits: CreditsService }> = async (
  app,
  { speech, credits },
) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: SPEECH_LIMITS.scriptMaxBytes + 1,
      files: 2,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 12,
    },
  });

  app.get('/aigc/speech/voices', () => ok({ voices: speech.voices(), offline: speech.offline }));

  app.post('/aigc/speech/text-to-speech', async (request, reply) => {
    const body = validate(ttsBodySchema, request.body);
    const { user } = caller(request);
    const { isVip } = await credits.balance(user.id);
    const audio = await speech.textToSpeech(user, body, isVip);
    return reply
      .type(audio.mime)
      .header('cache-control', 'no-store')
      .header('x-job-id', audio.id)
      .send(audio.bytes);
  });

  app.post('/aigc/speech/custom', async (request, reply) => {
    if (!request.isMultipart())
      throw new BusinessError(ErrorCode.INVALID_INPUT, 'missing_field', { field: 'voice' });
    const saved: string[] = [];
    try {
      let reference: { file: string; format: string } | undefined;
      let script: { file: string } | null = null;
      const fields: Record<string, string> = {};
      for await (const part of readParts(request)) {
        if (part.type === 'file') {
          if (part.fieldname === 'voice') {
            reference = await saveUpload(part, SPEECH_LIMITS.referenceMaxBytes);
            saved.push(reference.file);
          } else if (part.fieldname === 'script') {
            script = await saveUpload(part, SPEECH_LIMITS.scriptMaxBytes);
            saved.push(script.file);
          } else {
            part.file.resume();
            throw new BusinessError(ErrorCode.INVALID_INPUT, 'unknown_field', { field: part.fieldname });
          }
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      if (!reference) throw new BusinessError(ErrorCode.INVALID_INPUT, 'missing_field', { field: 'voice' });
      refuseBadInput(fields);
      const text = fields.text?.trim() || null;
      if (text && text.length > SPEECH_LIMITS.text) {
        throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'text' });
      }
      const audio = await speech.clone(caller(request).user, {
        reference,
        script,
        text,
        consent: fields.consent === 'true' || fields.consent === '1',
        format: fields.format === 'wav' ? 'wav' : 'mp3',
        ip: request.ip,
      });
      return reply
        .type(audio.mime)
        .header('cache-control', 'no-store')
        .header('x-job-id', audio.id)
        .send(audio.bytes);
    } finally {
      await Promise.all(saved.map((file) => fs.promises.rm(file, { force: true })));
    }
  });

  app.get('/aigc/speech/history', async (request) =>
    ok({ items: await speech.history(caller(request).user) }),
  );
};

/** GET /cgi-bin/speech/preview/:voiceId: the voice's sample (made once), for anyone. */
export const publicSpeechRoutes: FastifyPluginAsync<{ speech: SpeechService }> = async (app, { speech }) => {
  app.get<{ Params: { voiceId: string } }>('/speech/preview/:voiceId', async (request, reply) => {
    const preview = await speech.preview(request.params.voiceId);
    if (!preview) throw new BusinessError(ErrorCode.NOT_FOUND, 'not_found');
    return reply.header('cache-control', 'public, max-age=86400').redirect(preview.url);
  });
};
