// npm run seed:synthetic -- [count]: adds synthetic characters (default 100000) to the database
// the settings point at (DATABASE_URL or the embedded PGlite under DATA_DIR), for benchmarks.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { systemClock } from '../lib/clock';
import { LocalStorage } from '../lib/storage';
import { seedSynthetic } from './synthetic';

const count = Number(process.argv[2] ?? 100_000);
if (!Number.isSafeInteger(count) || count <= 0) {
  process.stderr.write(`usage: seed:synthetic [count]\n`);
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config, {
  poolSize: 2,
});
const started = Date.now();
try {
  await seedSynthetic(database.db, new LocalStorage(config.filesDir), systemClock, count);
  process.stdout.write(`added ${count} synthetic characters in ${Date.now() - started} ms\n`);
} finally {
  await database.close();
}
