import type { Db } from '../../db/client';
import { utcDay, type Clock } from '../../lib/clock';
import * as repo from './characters.repository';

const HOT_DAY_KEY = 'hot_order_day';
const HOT_LOCK_KEY = 7_246_132;

/** The daily Hot order of the listed characters, drawn once a UTC day for the deployment. */
export class HotOrder {
  private hotDay: string | undefined;
  private hotRefresh: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Called after this process drew a new order. */
    private readonly drawn: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /**
   * Makes sure the Hot order was drawn for today (UTC): once a day, one process redraws it under
   * an advisory lock; the others keep serving yesterday's order until it is done.
   */
  refresh(): Promise<void> {
    const day = utcDay(this.clock());
    if (this.hotDay === day) return Promise.resolve();
    this.hotRefresh ??= (async () => {
      try {
        const drew = await this.db.transaction(async (tx) => {
          if (!(await repo.tryXactLock(tx, HOT_LOCK_KEY))) return false;
          if ((await repo.readState(tx, HOT_DAY_KEY)) === day) return false;
          await repo.drawHotOrder(tx, day);
          await repo.writeState(tx, HOT_DAY_KEY, day);
          return true;
        });
        this.hotDay = day;
        if (drew) await this.drawn();
      } finally {
        this.hotRefresh = undefined;
      }
    })();
    return this.hotRefresh;
  }
}
