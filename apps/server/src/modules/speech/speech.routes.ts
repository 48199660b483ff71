import fastifyMultipart from '@fastify/multipart';
import { AUDIO_FORMATS, ErrorCode, SPEECH_ENDPOINTS as E, type AudioFormat } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { readHead, sniffAudio } from '../../lib/audio';
import { route, uploadOf } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { MULTIPART_OPTIONS, type SavedFile } from '../../lib/multipart';
import { caller } from '../../plugins/auth';
import type { CreditsService } from '../credits/credits.service';
import { serverMessage } from '../../i18n';
import { requestLocale } from '../../lib/request-locale';
import type { MessageSpeechService } from './message-speech';
import type { SpeechService } from './speech.service';

/** An uploaded recording's format, told by its content: one the cloning page accepts, or refused. */
async function audioFormat(file: SavedFile): Promise<AudioFormat> {
  const format = sniffAudio(await readHead(file.path));
  if (!format || !AUDIO_FORMATS.includes(format)) {
    throw new BusinessError(ErrorCode.INVALID_INPUT, 'audio_format');
  }
  return format;
}

/** Text to speech (answers the audio), the voices and their samples, voice cloning, history. */
export const speechRoutes: FastifyPluginAsync<{
  speech: SpeechService;
  credits: CreditsService;
  messageSpeech: MessageSpeechService;
}> = async (app, { speech, credits, messageSpeech }) => {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);

  route(app, E.voices, async () => ok({ voices: speech.voices(), offline: speech.offline }));

  route(app, E.textToSpeech, async (request, reply) => {
    const { user } = caller(request);
    const { isVip } = await credits.balance(user.id);
    const audio = await speech.textToSpeech(user, request.body, isVip);
    return reply
      .type(audio.mime)
      .header('cache-control', 'no-store')
      .header('x-job-id', audio.id)
      .send(audio.bytes);
  });

  // The uploads are temporary files, removed once the answer is sent (lib/endpoint.ts).
  route(app, E.voiceClone, async (request, reply) => {
    const { fields, files } = uploadOf(request, E.voiceClone)!;
    const voice = files.voice!;
    const reference = { file: voice.path, format: await audioFormat(voice) };
    const script = files.script ? { file: files.script.path, format: await audioFormat(files.script) } : null;
    const audio = await speech.clone(caller(request).user, {
      reference,
      script,
      text: fields.text ?? null,
      consent: fields.consent,
      format: fields.format,
      ip: request.ip,
    });
    return reply
      .type(audio.mime)
      .header('cache-control', 'no-store')
      .header('x-job-id', audio.id)
      .send(audio.bytes);
  });

  // A character's reply read aloud (issue 22): the job, polled with aigc/status until done.
  route(app, E.messageSpeech, async (request) => {
    const { user } = caller(request);
    const { isVip } = await credits.balance(user.id);
    const locale = requestLocale(request);
    return ok(
      await messageSpeech.speak(user, request.body, {
        vip: isVip,
        message: (key) => serverMessage(locale, key),
      }),
    );
  });

  route(app, E.speechHistory, async (request) => ok({ items: await speech.history(caller(request).user) }));
};

/** GET /cgi-bin/speech/preview/:voiceId: the voice's sample (made once), for anyone. */
export const publicSpeechRoutes: FastifyPluginAsync<{ speech: SpeechService }> = async (app, { speech }) => {
  route(app, E.voicePreview, async (request, reply) => {
    const preview = await speech.preview(request.params.voiceId);
    if (!preview) throw new BusinessError(ErrorCode.NOT_FOUND, 'not_found');
    return reply.header('cache-control', 'public, max-age=86400').redirect(preview.url);
  });
};
