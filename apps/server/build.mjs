// Bundles the server and the workspace packages it uses into dist/; npm dependencies stay
// external and load from node_modules at run time.
import { build } from 'esbuild';
import { externalNpm } from './external-npm.mjs';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'seed-synthetic': 'src/seed/synthetic-cli.ts',
    admin: 'src/admin-cli.ts',
    worker: 'src/worker-main.ts',
    // eSpeak NG's thread: started from next to the bundle (packages/engines/src/speech/espeak.ts).
    'espeak-thread': '../../packages/engines/src/speech/espeak-thread.js',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpm],
});
