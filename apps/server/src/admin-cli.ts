// npm run admin -- mint-codes --plan week --count 10 [--valid-days 90] [--note "batch 1"]
// npm run admin -- mint-codes --credits 300 --expiry-days 30 --count 5
// Mints redeem codes in the database the settings point at (DATABASE_URL, or the embedded
// PGlite under DATA_DIR: stop the server first, PGlite allows one process) and prints them.
import { parseArgs } from 'node:util';
import { mintCodesBodySchema } from '@lumi/contract';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { CreditsService } from './modules/credits/credits.service';
import { RedeemService } from './modules/payments/redeem.service';

const USAGE = `usage: npm run admin -- mint-codes (--plan week|month|quarter|year | --credits N [--expiry-days D])
                           [--count N] [--valid-days D] [--note TEXT]\n`;

const [command, ...rest] = process.argv.slice(2);
if (command !== 'mint-codes') {
  process.stderr.write(USAGE);
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: {
    plan: { type: 'string' },
    credits: { type: 'string' },
    'expiry-days': { type: 'string' },
    count: { type: 'string', default: '1' },
    'valid-days': { type: 'string' },
    note: { type: 'string' },
  },
});
const number = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const body = mintCodesBodySchema.safeParse({
  plan: values.plan,
  credits: number(values.credits),
  expiry_days: number(values['expiry-days']),
  count: number(values.count),
  valid_days: number(values['valid-days']),
  note: values.note,
});
if (!body.success) {
  process.stderr.write(
    `${body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n${USAGE}`,
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config, {
  poolSize: 2,
});
try {
  const credits = new CreditsService({
    db: database.db,
    clock: systemClock,
    dailyFreeCredits: config.dailyFreeCredits,
    touristCreditsPerNetwork: config.limits.touristCreditsPerNetworkDay,
  });
  const redeem = new RedeemService({ db: database.db, clock: systemClock, credits });
  const codes = await redeem.mint(body.data, null);
  process.stdout.write(`${codes.join('\n')}\n`);
} finally {
  await database.close();
}
