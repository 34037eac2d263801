import type { Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { foundation } from './2026112201-foundation';

/** Every migration, by timestamped name. A released migration is never edited. */
export function migrations(engine: DatabaseEngine): Record<string, Migration> {
  return {
    '2026112201-foundation': foundation(engine),
  };
}
