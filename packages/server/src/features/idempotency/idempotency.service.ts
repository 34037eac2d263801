import { hash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { BeforeCommit, CommitBatch } from '../../db/before-commit';
import type { Db } from '../../db/database';
import type { DbExecutor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { answerText } from '../../http/utf8-answer';
import {
  claimIdempotencyKey,
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  keepIdempotentAnswer,
  reclaimExpiredIdempotencyKey,
  storedResponse,
  storeIdempotentResponse,
} from './idempotency.queries';

const DAY_MS = 24 * 60 * 60_000;
/** A process purges at most this often, so selling pays for it once in a while, not per sale. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60_000;
/**
 * How soon the next pass comes when this one left expired keys behind: a shop selling more than a pass
 * deletes per interval (1,000 per 10 minutes is 144,000 a day; one process sells ~600 a second) still
 * keeps up, a thousand keys a second while there is a backlog.
 */
export const IDEMPOTENCY_BACKLOG_PURGE_INTERVAL_MS = 1_000;
/** Each pass deletes at most BATCH × MAX_BATCHES keys in short statements; a backlog goes over several passes. */
const PURGE_BATCH = 500;
const PURGE_MAX_BATCHES = 2;

/** Keys claimed before this moment are outside the retention window. */
export function idempotencyCutoff(deps: Pick<Deps, 'config'>, now: Date): string {
  return new Date(now.getTime() - deps.config.idempotencyRetentionDays * DAY_MS).toISOString();
}

/** When this process purges next, per database. */
const nextPurgeAt = new WeakMap<Db, number>();

/**
 * Deletes keys older than the retention window when this process has not done
 * so for an interval (a second while a backlog remains). Other processes on the
 * same database do the same on their own; deleting an already deleted key costs nothing.
 */
export async function purgeExpiredIdempotencyKeysIfDue(deps: Pick<Deps, 'db' | 'config' | 'now'>): Promise<void> {
  const now = deps.now().getTime();
  const due = nextPurgeAt.get(deps.db);
  if (due !== undefined && now < due) return;
  nextPurgeAt.set(deps.db, now + IDEMPOTENCY_PURGE_INTERVAL_MS);
  const before = idempotencyCutoff(deps, new Date(now));
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch += 1) {
    if ((await deleteIdempotencyKeysBefore(deps.db.kysely, before, PURGE_BATCH)) < PURGE_BATCH) return;
  }
  nextPurgeAt.set(deps.db, now + IDEMPOTENCY_BACKLOG_PURGE_INTERVAL_MS);
}

/** What identifies a request under a key: the same user sending the same body. */
export function requestHash(request: unknown): string {
  return hash('sha256', JSON.stringify(request));
}

export interface IdempotencyClaim {
  key: string;
  userId: number;
  requestHash: string;
}

/**
 * A request to carry out (`remember` keeps its answer, the JSON sent, for retries), or the first
 * answer to a retry, as the JSON that was sent: text, or the UTF-8 bytes it was sent as (SQLite keeps
 * an answer given as bytes as they are; PostgreSQL's column is text).
 */
export type ClaimOutcome =
  | { replay: string | Buffer }
  | {
      replay?: undefined;
      remember(
        trx: DbExecutor,
        beforeCommit: BeforeCommit<DB>,
        statusCode: number,
        json: string | Buffer,
      ): Promise<void>;
    };

/**
 * Claims `key` inside the caller's transaction. Answers the first answer when this is a retry, or how
 * to remember this request's answer when it is new and must be carried out; a key older than the
 * retention window is forgotten and records anew. Another user or body under the same key: 409
 * IDEMPOTENCY_KEY_REUSED.
 *
 * PostgreSQL: the key is inserted first, as the transaction's first write, so a concurrent retry waits
 * on the key's row and then replays (it must not, say, find the last unit sold by the first attempt and
 * answer "out of stock"); the answer is added just before the commit, in one statement with the
 * transaction's other before-commit writes (see `BeforeCommit`). SQLite: write transactions run one after the
 * other (one process's writes share its connection, processes take the file's write lock), so a retry
 * always sees the first attempt's row: the key is looked up first and written once, with its answer,
 * at the end (two writes of the row became one, issue 17).
 */
export async function claimOrReplay(
  trx: DbExecutor,
  deps: Pick<Deps, 'config' | 'db'>,
  claim: IdempotencyClaim,
  now: Date,
): Promise<ClaimOutcome> {
  // Keys before a spread, never after: V8 adds those that follow one through its runtime (issue 17).
  const values = { now: now.toISOString(), ...claim };
  if (deps.db.engine === 'sqlite') {
    const previous = await findIdempotencyKey(trx, claim.key);
    if (previous && previous.created_at >= idempotencyCutoff(deps, now)) return { replay: replayOf(previous, claim) };
    return {
      remember: (writer, _beforeCommit, statusCode, json) =>
        keepIdempotentAnswer(writer, { statusCode, response: json, ...values }),
    };
  }
  const before = idempotencyCutoff(deps, now);
  const claimed =
    (await claimIdempotencyKey(trx, values)) || (await reclaimExpiredIdempotencyKey(trx, { before, ...values }));
  if (!claimed) return { replay: replayOf(await findIdempotencyKey(trx, claim.key), claim) };
  return {
    remember: async (_trx, beforeCommit, statusCode, json) => {
      beforeCommit.add(new KeyAnswer(claim.key, statusCode, answerText(json)));
    },
  };
}

/** PostgreSQL: the answer to a claimed key, written just before the commit. */
class KeyAnswer implements CommitBatch<DB> {
  readonly key: string;

  constructor(
    private readonly idempotencyKey: string,
    private readonly statusCode: number,
    private readonly response: string,
  ) {
    this.key = `idempotency-answer|${idempotencyKey}`;
  }

  merge(): void {
    throw new Error(`${this.key} is answered once`);
  }

  write(trx: Transaction<DB>): Promise<void> {
    return storeIdempotentResponse(trx, this.idempotencyKey, this.statusCode, this.response);
  }

  statements(trx: Transaction<DB>) {
    return [storedResponse(trx, { key: this.idempotencyKey, statusCode: this.statusCode, response: this.response })];
  }
}

/**
 * The answer already kept under `key` for this user and body, or undefined when there is none yet
 * (never used, expired, or its first request still under way); another user or body: 409
 * IDEMPOTENCY_KEY_REUSED. Claims nothing: for a request that checks for a replay in one transaction
 * and records (with `claimOrReplay`) in a later one, such as a card refund around Stripe's call.
 */
export async function answeredBefore(
  trx: DbExecutor,
  deps: Pick<Deps, 'config'>,
  claim: IdempotencyClaim,
  now: Date,
): Promise<string | Buffer | undefined> {
  const previous = await findIdempotencyKey(trx, claim.key);
  if (!previous || previous.created_at < idempotencyCutoff(deps, now)) return undefined;
  if (previous.response === null) {
    if (previous.user_id !== claim.userId || previous.request_hash !== claim.requestHash) {
      throw new AppError({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    return undefined;
  }
  return replayOf(previous, claim);
}

/** The first answer under a key, for the same user and body; anything else reuses the key. */
function replayOf(
  previous: { user_id: number; request_hash: string; response: string | Buffer | null } | undefined,
  claim: IdempotencyClaim,
): string | Buffer {
  if (
    !previous ||
    previous.request_hash !== claim.requestHash ||
    previous.user_id !== claim.userId ||
    !previous.response
  ) {
    throw new AppError({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  }
  return previous.response;
}
