import type { Config } from './config';
import type { Db } from './db/database';

/** What services may use. Tests pass their own clock to move time. */
export interface Deps {
  db: Db;
  config: Config;
  now: () => Date;
}
