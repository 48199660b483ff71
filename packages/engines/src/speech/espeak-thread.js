// eSpeak NG's WebAssembly program, run in a worker thread (espeak.ts): speaking takes the CPU for
// a while, and on the site's own thread it would hold up every request meanwhile (a chat reply's
// stream among them). Plain JavaScript, so that both the TypeScript sources (tests) and the
// bundled server (apps/server/build.mjs names it an entry point) start it from next to them.
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

parentPort.on('message', async ({ id, args, text }) => {
  try {
    const espeak = await ESpeakNg({
      arguments: args,
      preRun: [(module) => module.FS.writeFile('in.txt', text)],
      print: () => undefined,
      printErr: () => undefined,
    });
    const bytes = espeak.FS.readFile('out.wav');
    parentPort.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
