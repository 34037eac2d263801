import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { AppError } from '../http/app-error';
import { SqliteWithoutRowLocks } from './executor';
import type { DB } from './schema';

/**
 * The worker's code (CommonJS, run from this text so that it needs no build step): a read-only
 * connection of its own, one statement at a time, answering rows. Its thread runs at a lower priority
 * (Linux's nice applies per thread), so a report never takes a core from the till's main thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const os = require('node:os');
const Database = require(workerData.driver);
try { os.setPriority(workerData.nice); } catch {}
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -32768');
db.pragma('temp_store = memory');
const statements = new Map();
parentPort.postMessage({ ready: true });
function prepared(text) {
  let statement = statements.get(text);
  if (statement === undefined) {
    if (statements.size >= 200) statements.clear();
    statement = db.prepare(text);
    statements.set(text, statement);
  }
  return statement;
}
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const statement = prepared(message.sql);
    if (statement.reader) {
      parentPort.postMessage({ id: message.id, rows: statement.all(message.parameters) });
    } else {
      const info = statement.run(message.parameters);
      parentPort.postMessage({ id: message.id, rows: [], changes: info.changes });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

export interface ReadPoolOptions {
  /** The SQLite database file, already created and in WAL mode by the writing connection. */
  file: string;
  /** How many reads run at once, each on a thread and connection of its own. */
  workers: number;
  /** A read waiting for a worker, or one statement, longer than this is answered 503 READ_TIMED_OUT. */
  timeoutMs: number;
}

interface Answer {
  rows?: unknown[];
  changes?: number;
  error?: { message: string; code?: string };
}

/** A statement that ran past the time limit, or a wait for a free worker that did. */
function timedOut(): AppError {
  return new AppError({ status: 503, code: 'READ_TIMED_OUT' });
}

/** One worker thread and its connection; `broken` once it was stopped or failed. */
class ReadWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  /** Settles once the thread has opened its connection: a statement's time starts then, not at the spawn. */
  private readonly ready: Promise<void>;
  broken = false;

  constructor(file: string) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file, nice: 10 },
    });
    // Idle workers must not keep a server that is otherwise done alive.
    this.worker.unref();
    let started!: () => void;
    let failedToStart!: (error: unknown) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failedToStart = reject;
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (answer: Answer & { id: number; ready?: true }) => {
      if (answer.ready) {
        started();
        return;
      }
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      waiting?.resolve(answer);
    });
    const fail = (error: unknown) => {
      this.broken = true;
      failedToStart(error);
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`a read worker stopped (exit code ${code})`)));
  }

  async run(sql: string, parameters: readonly unknown[], timeoutMs: number): Promise<Answer> {
    await this.ready;
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        // The statement may be deep in SQLite, where a thread cannot be interrupted: the worker is
        // given up (it ends at its next step) and the pool starts another in its place.
        this.stop();
        reject(timedOut());
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.worker.postMessage({ id, sql, parameters });
    });
  }

  stop(): void {
    this.broken = true;
    void this.worker.terminate();
  }

  /** Closes the connection, then the thread; answers once it has ended. */
  async close(): Promise<void> {
    if (this.broken) {
      await this.worker.terminate();
      return;
    }
    this.broken = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }
}

class ReadConnection implements DatabaseConnection {
  constructor(
    readonly worker: ReadWorker,
    private readonly timeoutMs: number,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const answer = await this.worker.run(compiledQuery.sql, compiledQuery.parameters, this.timeoutMs);
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    return {
      rows: (answer.rows ?? []) as R[],
      ...(answer.changes !== undefined && { numAffectedRows: BigInt(answer.changes) }),
    };
  }

  // eslint-disable-next-line require-yield -- refuses before yielding anything
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read pool does not stream; read in keyset pages');
  }
}

/**
 * Hands out workers, one read (or one read transaction) at a time each, to whoever asked first; makes
 * them lazily, so a server that never shows a report starts none.
 */
class ReadPoolDriver implements Driver {
  private readonly idle: ReadWorker[] = [];
  private readonly waiting: { resolve: (c: ReadConnection) => void; reject: (e: unknown) => void }[] = [];
  private readonly all = new Set<ReadWorker>();
  private closed = false;

  constructor(private readonly options: ReadPoolOptions) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (this.closed) return Promise.reject(new Error('the read pool is closed'));
    let worker = this.idle.pop();
    while (worker?.broken) worker = this.idle.pop();
    if (worker) return Promise.resolve(this.connection(worker));
    if (this.live() < this.options.workers) return Promise.resolve(this.connection(this.start()));
    return new Promise<ReadConnection>((resolve, reject) => {
      const entry = {
        resolve: (connection: ReadConnection) => {
          clearTimeout(timer);
          resolve(connection);
        },
        reject,
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(timedOut());
      }, this.options.timeoutMs);
      this.waiting.push(entry);
    });
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Deferred: the snapshot is taken at the first read and kept to the end, never blocking the writer.
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const { worker } = connection as ReadConnection;
    // A worker that timed out is gone, its transaction with it.
    if (!worker.broken) await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { worker } = connection as ReadConnection;
    if (worker.broken) {
      this.all.delete(worker);
      // The broken one's place goes to the next in line, on a fresh worker.
      const next = this.waiting.shift();
      if (next) next.resolve(this.connection(this.start()));
      return;
    }
    const next = this.waiting.shift();
    if (next) next.resolve(this.connection(worker));
    else this.idle.push(worker);
  }

  async destroy(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) waiting.reject(new Error('the read pool is closed'));
    this.idle.length = 0;
    await Promise.all([...this.all].map((worker) => worker.close()));
    this.all.clear();
  }

  private live(): number {
    let count = 0;
    for (const worker of this.all) if (!worker.broken) count += 1;
    return count;
  }

  private start(): ReadWorker {
    const worker = new ReadWorker(this.options.file);
    this.all.add(worker);
    return worker;
  }

  private connection(worker: ReadWorker): ReadConnection {
    return new ReadConnection(worker, this.options.timeoutMs);
  }
}

class ReadPoolDialect implements Dialect {
  constructor(private readonly options: ReadPoolOptions) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver() {
    return new ReadPoolDriver(this.options);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}

/**
 * The back office's long reads on SQLite (sales history, reports, the VAT summary, exports, customer
 * history): each on a worker thread with a read-only connection of its own, so the main thread, where
 * every sale is written, never runs them (issue 32: four history searches in parallel held a sale for
 * 7 s). WAL readers see the last commit before they began and never block the writer.
 */
export function sqliteReadPool(options: ReadPoolOptions): Kysely<DB> {
  return new Kysely<DB>({ dialect: new ReadPoolDialect(options), plugins: [new SqliteWithoutRowLocks()] });
}
