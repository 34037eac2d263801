// `npm run bench:history -w @pos/bench`: the sales-history search (`GET /api/sales`) over 100,000 and
// 1,000,000 sales (issue 32), on SQLite, or PostgreSQL when BENCH_DATABASE_URL names a server whose role
// may create databases. Uses the reports benchmark's kept databases (bench-database.ts; the same
// REPORTS_BENCH_DIR, REPORTS_BENCH_FRESH); HISTORY_BENCH_SIZES (comma-separated) changes the sizes,
// HISTORY_BENCH_RUNS the timed runs of each search (20). The server's start is timed: on a database from
// before the search indexes it includes their migration. Prints each search's p50/p95/max through HTTP
// (one page of 50, as the history screen asks, with its summary over every match), the matches, and the
// database's plan and time of every statement the search runs.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { CompiledQuery } from 'kysely';
import { addDays, listSales } from '@pos/server';
import { benchServer, databaseLabel, planOf, tracing } from './bench-database';
import { percentile } from './percentile';

const SIZES = (process.env.HISTORY_BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.HISTORY_BENCH_RUNS ?? 20);
const PAGE = 50;

interface Case {
  label: string;
  query: { search?: string; startDate?: string; endDate?: string };
}

/** The searches, with terms taken from the newest sale that has a customer (as a user would type them). */
async function cases(run: (sql: string) => Promise<Record<string, unknown>[]>, today: string): Promise<Case[]> {
  const [sale] = await run(
    `select s.document_number, c.name, c.phone, i.product_name from sales s
     join customers c on c.id = s.customer_id join sale_items i on i.sale_id = s.id
     order by s.id desc limit 1`,
  );
  if (!sale) throw new Error('no sale with a customer');
  const documentNumber = String(sale.document_number);
  const phone = String(sale.phone);
  return [
    { label: 'document number', query: { search: documentNumber } },
    { label: 'document number tail', query: { search: documentNumber.slice(-6) } },
    { label: 'phone with dashes', query: { search: `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` } },
    { label: 'phone tail', query: { search: phone.slice(-4) } },
    { label: 'Thai name prefix', query: { search: String(sale.name).split(' ')[0]! } },
    { label: 'product name', query: { search: String(sale.product_name).split(' ')[0]! } },
    { label: '3-month range', query: { startDate: addDays(today, -91), endDate: addDays(today, -1) } },
    {
      label: 'name in 3 months',
      query: { search: String(sale.name).split(' ')[0]!, startDate: addDays(today, -91), endDate: addDays(today, -1) },
    },
  ];
}

async function benchSize(size: number): Promise<void> {
  const { server, config, today, generated, startSeconds, auth, run } = await benchServer(size);
  try {
    const { deps } = server.built;
    const [counts] = await run(
      'select (select count(*) from sales) as sales, (select count(*) from sale_items) as lines, (select count(*) from customers) as customers',
    );
    console.log(
      `\n${deps.db.engine}: ${Number(counts!.sales).toLocaleString('en-US')} sales, ` +
        `${Number(counts!.lines).toLocaleString('en-US')} lines, ${Number(counts!.customers)} customers ` +
        `(${generated}; server start with its migrations ${startSeconds.toFixed(1)} s), in ` +
        databaseLabel(config),
    );
    const searches = await cases(run, today);
    console.log('search                       term               matches    p50 ms    p95 ms    max ms');
    for (const { label, query } of searches) {
      const params = new URLSearchParams({ limit: String(PAGE), ...query });
      const once = async () => {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/sales?${params}`, { headers: auth });
        const body = (await res.json()) as { total: number };
        if (!res.ok) throw new Error(`HTTP ${res.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, total: body.total };
      };
      const { total } = await once(); // warm-up: the first read brings the pages into the cache
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await once()).ms);
      const term = query.search ?? `${query.startDate}..${query.endDate}`;
      console.log(
        `${label.padEnd(28)} ${term.padEnd(18)} ${String(total).padStart(7)} ${percentile(times, 50).toFixed(0).padStart(9)} ` +
          `${percentile(times, 95).toFixed(0).padStart(9)} ${Math.max(...times)
            .toFixed(0)
            .padStart(9)}`,
      );
    }

    // The plans: every statement each search runs, asked of the database as run, and timed alone.
    for (const { label, query } of searches) {
      const statements: CompiledQuery[] = [];
      await listSales(tracing(deps, statements), { limit: PAGE, ...query });
      console.log(`\n== ${label}: ${JSON.stringify(query)}`);
      for (const statement of statements) {
        const plan = await planOf(deps.db, statement);
        const took: number[] = [];
        for (let i = 0; i < Math.min(5, RUNS); i++) {
          const started = performance.now();
          await deps.db.kysely.executeQuery(statement);
          took.push(performance.now() - started);
        }
        const text = statement.sql.replace(/\s+/g, ' ');
        console.log(
          `[${percentile(took, 50).toFixed(1)} ms median of ${took.length}] ${text.length > 240 ? `${text.slice(0, 240)}…` : text}`,
        );
        for (const line of plan) console.log(`  ${line}`);
      }
    }
  } finally {
    await server.stop();
  }
}

console.log(
  `history search benchmark: node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${RUNS} runs a search`,
);
for (const size of SIZES) await benchSize(size);
