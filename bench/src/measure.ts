import { performance } from 'node:perf_hooks';
import { percentile } from './percentile';

export interface Figures {
  name: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  perSecond: number;
}

/**
 * Makes `requests` calls, `concurrency` at a time, and returns latency percentiles and
 * throughput. A call answering a Response must answer 2xx; its body is read in full.
 */
export async function measure(
  name: string,
  call: () => Promise<Response | void>,
  requests = 2000,
  concurrency = 8,
): Promise<Figures> {
  const complete = async (): Promise<void> => {
    const res = await call();
    if (!res) return;
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  };
  for (let i = 0; i < 50; i++) await complete(); // warm-up
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        await complete();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    perSecond: latencies.length / elapsed,
  };
}

export function printTable(rows: Figures[]): void {
  console.table(
    rows.map((r) => ({
      route: r.name,
      requests: r.requests,
      'p50 ms': r.p50Ms.toFixed(2),
      'p95 ms': r.p95Ms.toFixed(2),
      'p99 ms': r.p99Ms.toFixed(2),
      'req/s': Math.round(r.perSecond),
    })),
  );
}
