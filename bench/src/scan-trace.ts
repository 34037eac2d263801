// Per-scan breakdown of a Chromium trace of bench:pos's scans (POS_BENCH_TRACE): what the main thread
// did between the scanner's Enter and the frame in which the cart line is drawn, scan by scan, so the
// slow scans (the p95) can be compared with the median ones. The page marks each scan: scan<i>:enter
// when the Enter key's handlers start, scan<i>:dom when the cart line is in the DOM, scan<i>:raf in the
// next animation frame's callback (where the measurement ends).

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts?: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { type?: string; functionName?: string; url?: string } };
}

/** Work inside a task worth naming in the breakdown (ms per kind). */
const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'prepaint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GCScavenger': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
  'V8.GCFinalizeMC': 'gc',
  FireAnimationFrame: 'raf',
  TimerFire: 'timer',
  HitTest: 'hittest',
};

export interface ScanTask {
  /** What the task was: event:<type>, scheduler (React's MessageChannel tasks), timer, frame, gc, other. */
  label: string;
  startMs: number;
  ms: number;
  kinds: Record<string, number>;
}

export interface ScanRow {
  index: number;
  drawnMs: number;
  /** The Enter key's platform time → its handlers start (the main thread was busy with something else). */
  inputDelayMs: number;
  /** The tasks that held the Enter key up. */
  before: ScanTask[];
  /** The task that ran the Enter key (React's render and commit of the new line). */
  keydown: ScanTask | null;
  /** Tasks after the key's task and before the frame's task. */
  between: ScanTask[];
  /** Enter's handlers start → the cart line in the DOM (React's render and commit). */
  toDomMs: number;
  /** The frame's task up to the rAF callback (rAF-aligned input such as the keyup, the style and layout it forces). */
  frameBeforeRafMs: number;
  frameBeforeRaf: Record<string, number>;
  /** The main thread idle between the key's task and the frame: waiting for the next vsync. */
  idleMs: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

function labelOf(children: TraceEvent[]): string {
  const dispatch = children.find((e) => e.name === 'EventDispatch');
  if (dispatch) return `event:${dispatch.args?.data?.type ?? '?'}`;
  if (children.some((e) => e.name === 'FireAnimationFrame' || e.name === 'Paint' || e.name === 'UpdateLayoutTree'))
    return 'frame';
  if (children.some((e) => e.name === 'TimerFire')) return 'timer';
  const call = children.find((e) => e.name === 'FunctionCall');
  if (call) {
    const fn = call.args?.data?.functionName ?? '';
    const file = (call.args?.data?.url ?? '').split('/').pop() ?? '';
    return fn === 'performWorkUntilDeadline' || file.startsWith('react') ? 'scheduler' : `call:${fn || file}`;
  }
  if (children.some((e) => KINDS[e.name] === 'gc')) return 'gc';
  return children[0]?.name ?? 'task';
}

export function scanBreakdown(events: TraceEvent[], drawnMs: number[], inputDelayMs: number[]): ScanRow[] {
  const marks = new Map<string, TraceEvent>();
  for (const e of events) if (/^scan\d+:/.test(e.name) && e.ts !== undefined) marks.set(e.name, e);
  const anyMark = marks.values().next().value;
  if (!anyMark) return [];
  const onMain = (e: TraceEvent) =>
    e.pid === anyMark.pid && e.tid === anyMark.tid && e.ph === 'X' && e.ts !== undefined;
  const main = events.filter(onMain).sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const tasks = main.filter((e) => e.name === 'RunTask');
  const t0 = tasks[0]?.ts ?? 0;
  const toTask = (task: TraceEvent): ScanTask => {
    const start = task.ts ?? 0;
    const end = start + (task.dur ?? 0);
    const children = main.filter((e) => e !== task && (e.ts ?? 0) >= start && (e.ts ?? 0) < end);
    const kinds: Record<string, number> = {};
    for (const c of children) {
      const kind = KINDS[c.name];
      if (kind) kinds[kind] = round((kinds[kind] ?? 0) + (c.dur ?? 0) / 1000);
    }
    return { label: labelOf(children), startMs: (start - t0) / 1000, ms: round((task.dur ?? 0) / 1000), kinds };
  };
  const containing = (ts: number) => tasks.find((t) => (t.ts ?? 0) <= ts && ts <= (t.ts ?? 0) + (t.dur ?? 0));

  const rows: ScanRow[] = [];
  for (let i = 0; i < drawnMs.length; i++) {
    const enter = marks.get(`scan${i}:enter`)?.ts;
    const raf = marks.get(`scan${i}:raf`)?.ts;
    if (enter === undefined || raf === undefined) continue;
    const keyTime = enter - (inputDelayMs[i] ?? 0) * 1000;
    const keyTask = containing(enter);
    const frameTask = containing(raf);
    const keyEnd = keyTask ? (keyTask.ts ?? 0) + (keyTask.dur ?? 0) : enter;
    const frameStart = frameTask?.ts ?? raf;
    const before = tasks.filter(
      (t) => t !== keyTask && (t.ts ?? 0) + (t.dur ?? 0) > keyTime && (t.ts ?? 0) < (keyTask?.ts ?? enter),
    );
    const between = tasks.filter((t) => (t.ts ?? 0) >= keyEnd && (t.ts ?? 0) + (t.dur ?? 0) <= frameStart);
    const busy = between.reduce((sum, t) => sum + (t.dur ?? 0), 0);
    const dom = marks.get(`scan${i}:dom`)?.ts ?? enter;
    const frameBeforeRaf: Record<string, number> = {};
    for (const c of main) {
      if ((c.ts ?? 0) < frameStart || (c.ts ?? 0) >= raf || c === frameTask) continue;
      const kind = c.name === 'EventDispatch' ? `event:${c.args?.data?.type ?? '?'}` : KINDS[c.name];
      if (kind && kind !== 'raf') frameBeforeRaf[kind] = round((frameBeforeRaf[kind] ?? 0) + (c.dur ?? 0) / 1000);
    }
    rows.push({
      index: i,
      drawnMs: round(drawnMs[i] ?? 0),
      inputDelayMs: round(inputDelayMs[i] ?? 0),
      before: before.map(toTask),
      keydown: keyTask ? toTask(keyTask) : null,
      between: between.map(toTask),
      toDomMs: round((dom - enter) / 1000),
      frameBeforeRafMs: round((raf - frameStart) / 1000),
      frameBeforeRaf,
      idleMs: round(Math.max(0, frameStart - keyEnd - busy) / 1000),
    });
  }
  return rows;
}

const describe = (tasks: ScanTask[]) =>
  tasks
    .map(
      (t) =>
        `${t.label} ${t.ms}` +
        (Object.keys(t.kinds).length
          ? ` (${Object.entries(t.kinds)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`
          : ''),
    )
    .join('; ');

/** One line per scan, slowest first, then the slowest 10 % against the middle of the runs in averages. */
export function printScanBreakdown(rows: ScanRow[]): void {
  if (rows.length === 0) {
    console.log('No scan marks in the trace.');
    return;
  }
  const sorted = [...rows].sort((a, b) => b.drawnMs - a.drawnMs);
  console.log(
    'Per scan, slowest first (ms): drawn = Enter → rAF after the line; delay = Enter waiting for the main thread; ' +
      'key = the Enter task; between = tasks after it; idle = waiting for the frame; pre-rAF = the frame task before rAF',
  );
  for (const r of sorted) {
    console.log(
      `  #${String(r.index).padStart(2)} drawn ${r.drawnMs} | delay ${r.inputDelayMs}` +
        (r.before.length ? ` [${describe(r.before)}]` : '') +
        ` | to DOM ${r.toDomMs}, key ${r.keydown ? describe([r.keydown]) : '?'}` +
        ` | between ${r.between.length ? describe(r.between) : '-'}` +
        ` | idle ${r.idleMs} | pre-rAF ${r.frameBeforeRafMs}` +
        (Object.keys(r.frameBeforeRaf).length
          ? ` (${Object.entries(r.frameBeforeRaf)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`
          : ''),
    );
  }
  const mean = (list: ScanRow[], f: (r: ScanRow) => number) =>
    round(list.reduce((s, r) => s + f(r), 0) / Math.max(1, list.length));
  const tail = sorted.slice(0, Math.max(1, Math.round(rows.length / 10)));
  const mid = sorted.slice(Math.floor(rows.length * 0.3), Math.ceil(rows.length * 0.7));
  const summary = (list: ScanRow[]) => ({
    scans: list.length,
    drawn: mean(list, (r) => r.drawnMs),
    'input delay': mean(list, (r) => r.inputDelayMs),
    'Enter → DOM': mean(list, (r) => r.toDomMs),
    'key task': mean(list, (r) => r.keydown?.ms ?? 0),
    'tasks between': mean(list, (r) => r.between.reduce((s, t) => s + t.ms, 0)),
    'idle (vsync)': mean(list, (r) => r.idleMs),
    'frame pre-rAF': mean(list, (r) => r.frameBeforeRafMs),
    'of it style+layout': mean(list, (r) => (r.frameBeforeRaf.style ?? 0) + (r.frameBeforeRaf.layout ?? 0)),
  });
  console.table({ 'slowest 10 %': summary(tail), 'middle 40 %': summary(mid) });
}
