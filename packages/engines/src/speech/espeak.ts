import ESpeakNg from 'espeak-ng';
import { deadline } from '../image/http';
import type { SpeechAudio, SpeechEngine, SpeechRequest } from './types';

/**
 * eSpeak NG compiled to WebAssembly (the `espeak-ng` package): no system install, no download.
 * Each preset is a language and accent, a variant, a pitch and a rate, so the 17 voices differ.
 * Each call runs the WASM program once and reads the WAV it wrote to its in-memory file system.
 */
export class EspeakEngine implements SpeechEngine {
  readonly id = 'espeak-ng';
  readonly offline = true;

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const limit = deadline(request.timeoutMs ?? 60_000, request.signal);
    try {
      const { voice, variant, pitch, speed } = request.voice.espeak;
      // The text goes in a file of the program's own file system: never read as an option.
      const espeak = await ESpeakNg({
        arguments: [
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
        ],
        preRun: [(module) => module.FS.writeFile('in.txt', request.text)],
        print: () => undefined,
        printErr: () => undefined,
      });
      if (limit.signal.aborted) throw new Error('stopped');
      const bytes = Buffer.from(espeak.FS.readFile('out.wav'));
      return { bytes, mime: 'audio/wav' };
    } catch (err) {
      throw limit.failure(err, 'eSpeak NG');
    } finally {
      limit.done();
    }
  }
}
