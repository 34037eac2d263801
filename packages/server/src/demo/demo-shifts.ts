import {
  bahtToSatang,
  CashMovementRequest,
  CloseShiftRequest,
  CreateTillRequest,
  CreateUserRequest,
  DEFAULT_CASH_REASONS,
  OpenShiftRequest,
  satangToBaht,
  THAI_DENOMINATIONS,
} from '@pos/core';
import { AppError } from '../http/app-error';
import type { SessionUser } from '../http/request-user';
import type { SignInClient } from '../features/auth/sign-in-client';
import { readStoredSettings } from '../features/settings/settings.service';
import { addCashMovement, closeShift, openShift, shiftDetail } from '../features/shifts/shifts.service';
import { createTill } from '../features/shifts/tills.service';
import { createUser } from '../features/users/users.service';
import { pick } from './demo-catalogue';
import type { DemoDeps } from './demo.service';

/** The demo manager's password (the README gives it; it passes the password rule). */
export const DEMO_MANAGER_PASSWORD = 'demo-manager-2569';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The drawer's float, counted by denomination (baht): till 1 starts with 2,000, till 2 (evenings) with 1,000. */
const FLOATS: readonly (readonly [number, number][])[] = [
  [
    [100, 10],
    [50, 6],
    [20, 15],
    [10, 20],
    [5, 20],
    [2, 25],
    [1, 50],
  ],
  [
    [100, 5],
    [50, 4],
    [20, 5],
    [10, 10],
    [5, 10],
    [1, 50],
  ],
];

/** Small miscounts a drawer shows at close (baht): mostly none, now and then a coin or a note. */
const SMALL_DIFFERENCES = [-20, -10, -5, -2, -1, 1, 2, 5, 10];

/** The two differences above the shop's limit, each approved by the manager with the cashier's note. */
const LARGE_DIFFERENCES = [
  { baht: -150, note: 'ทอนเงินผิดให้ลูกค้า (ให้แบงก์ 500 แทน 100 และเหรียญ) ตรวจกล้องวงจรปิดแล้ว' },
  { baht: 120, note: 'ลูกค้ารีบไปไม่รอรับเงินทอน เก็บไว้ในลิ้นชัก แจ้งเจ้าของร้านแล้ว' },
];

export type LargeDifference = (typeof LARGE_DIFFERENCES)[number];

/** The difference above the limit closing day `done` of `days` (about a third and two thirds in), or none. */
export function largeDifferenceOn(done: number, days: number): LargeDifference | null {
  const index = LARGE_DIFFERENCES.findIndex((_, i) => Math.max(1, Math.round((days * (i + 1)) / 3)) === done);
  return LARGE_DIFFERENCES[index] ?? null;
}

/** Where the demo's manager signs in to approve a difference: the shop's own machine. */
const DEMO_CLIENT: SignInClient = { address: '127.0.0.1', device: null };

export interface DemoTill {
  id: number;
  name: string;
}

/** The shop's two counters, the manager who approves differences, and the shop's pay-in/out reasons. */
export interface DemoTills {
  tills: [DemoTill, DemoTill];
  manager: SessionUser;
  reasons: string[];
}

/** A till named `name`, or (a second lot beside a shop that has it) one named after the lot's seed. */
async function demoTill(deps: DemoDeps, name: string, seed: number): Promise<DemoTill> {
  try {
    return await createTill(deps, CreateTillRequest.parse({ name }));
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'TILL_NAME_TAKEN')) throw err;
    return createTill(deps, CreateTillRequest.parse({ name: `${name} (ชุด ${seed})` }));
  }
}

/** Two tills and a manager, through their services, the day before the first sale. */
export async function setUpDemoTills(deps: DemoDeps, seed: number): Promise<DemoTills> {
  const tills: [DemoTill, DemoTill] = [
    await demoTill(deps, 'เคาน์เตอร์ 1', seed),
    await demoTill(deps, 'เคาน์เตอร์ 2', seed),
  ];
  const manager = await createUser(
    deps,
    CreateUserRequest.parse({
      username: `demo_manager_${seed}`,
      password: DEMO_MANAGER_PASSWORD,
      name: 'สมศักดิ์ ดูแลร้าน',
      role: 'manager',
    }),
  );
  const { shifts } = await readStoredSettings(deps.db.kysely);
  return { tills, manager, reasons: shifts.cashReasons };
}

/** The smallest Thai coin (satang): a drawer holds nothing finer. */
const SMALLEST_COIN = THAI_DENOMINATIONS.at(-1)!.satang;

/** An amount (satang, a whole number of the smallest coin) as a drawer holds it, largest notes first. */
function countOf(satang: number): { denomination: number; count: number }[] {
  let left = satang;
  const count = [];
  for (const { satang: value } of THAI_DENOMINATIONS) {
    const n = Math.floor(left / value);
    if (n > 0) count.push({ denomination: satangToBaht(value), count: n });
    left -= n * value;
  }
  return count;
}

async function openOn(deps: DemoDeps, cashier: SessionUser, till: DemoTill, float: number): Promise<number> {
  const openingCount = FLOATS[float]!.map(([denomination, count]) => ({ denomination, count }));
  const openingFloat = openingCount.reduce((sum, d) => sum + d.denomination * d.count, 0);
  const shift = await openShift(deps, cashier, OpenShiftRequest.parse({ tillId: till.id, openingFloat, openingCount }));
  return shift.id;
}

/** Today's shift on till 1: open since the shop opened (or since `now`, if earlier), nothing sold yet. */
export async function openTodaysShift(
  deps: DemoDeps,
  setup: DemoTills,
  cashier: SessionUser,
  midnight: number,
  now: Date | undefined,
): Promise<void> {
  const opening = midnight + 9.5 * HOUR;
  deps.setNow(new Date(now ? Math.min(opening, now.getTime()) : opening));
  await openOn(deps, cashier, setup.tills[0], 0);
}

interface Open {
  till: DemoTill;
  cashier: SessionUser;
  shiftId: number;
}

/**
 * One shop day at the tills, through the shifts' services with the clock at each moment: till 1 opened before
 * the first sale, till 2 for the evening rush on busy days, a few pay-ins and pay-outs with the shop's reasons,
 * and at closing time each drawer counted blind: what it should hold (its X report, the server's figure) give or
 * take a miscount, above the shop's limit twice in the demo with the manager's approval and a note.
 */
export class DemoTillDay {
  private readonly open: Open[] = [];
  /** `beforeSale`: only if a sale follows (till 2 opens for customers, never for an empty shift). */
  private readonly events: { at: number; run: () => Promise<void>; beforeSale?: boolean }[] = [];

  constructor(
    private readonly deps: DemoDeps,
    private readonly setup: DemoTills,
    private readonly random: () => number,
    private readonly midnight: number,
    private readonly cashiers: [SessionUser, SessionUser],
    private readonly options: { busy: boolean; large: LargeDifference | null },
  ) {}

  /** Till 1's shift, opened before the first sale (10:00), and the day's other moments planned. */
  async start(): Promise<void> {
    this.deps.setNow(new Date(this.midnight + 9.5 * HOUR + this.random() * 20 * MINUTE));
    this.open.push({
      till: this.setup.tills[0],
      cashier: this.cashiers[0],
      shiftId: await openOn(this.deps, this.cashiers[0], this.setup.tills[0], 0),
    });
    const [bags, change, delivery, bank] = [0, 1, 2, 3].map((i) => this.setup.reasons[i] ?? DEFAULT_CASH_REASONS[i]!);
    const at = (hours: number) => this.midnight + hours * HOUR + this.random() * 50 * MINUTE;
    if (this.random() < 0.15) this.plan(at(11), () => this.move(0, 'out', this.roundTo(80, 300, 10), bags!));
    if (this.random() < 0.08) this.plan(at(12), () => this.move(0, 'out', this.roundTo(40, 150, 10), delivery!));
    if (this.random() < 0.08) this.plan(at(13), () => this.move(0, 'in', pick(this.random, [500, 1000]), change!));
    if (this.options.busy) {
      this.plan(
        at(16.5),
        async () => {
          this.open.push({
            till: this.setup.tills[1],
            cashier: this.cashiers[1],
            shiftId: await openOn(this.deps, this.cashiers[1], this.setup.tills[1], 1),
          });
        },
        true,
      );
    }
    // A heavy drawer goes to the bank before the evening: all but a few thousand baht.
    this.plan(at(17.5), async () => {
      const expected = bahtToSatang(await this.expectedOf(this.open[0]!));
      const deposit = Math.floor((expected - 400_000) / 100_000) * 100_000;
      if (deposit >= 500_000) await this.move(0, 'out', satangToBaht(deposit), bank!);
    });
    this.events.sort((a, b) => a.at - b.at);
  }

  /** The moments due by `at` run (each at its own time), then the till and cashier of a sale made at `at`. */
  async saleAt(at: number): Promise<{ tillId: number; cashier: SessionUser }> {
    await this.until(at, true);
    const shift = this.open.length > 1 && this.random() < 0.5 ? this.open[1]! : this.open[0]!;
    return { tillId: shift.till.id, cashier: shift.cashier };
  }

  /**
   * Till 1, where refunds are made (any till may take one back; cash goes out of its drawer), and the cash its
   * drawer holds then (satang): a refund of more is not paid from it (the drawer went to the bank at 17:30).
   */
  async refundAt(at: number): Promise<{ tillId: number; drawerCash: number }> {
    await this.until(at);
    const shift = this.open[0]!;
    return { tillId: shift.till.id, drawerCash: bahtToSatang(await this.expectedOf(shift)) };
  }

  /** After the last customer: each drawer counted and its shift closed, till 2 first; how many closed. */
  async close(lastSale: number): Promise<number> {
    const closing = Math.max(lastSale, this.midnight + 22 * HOUR) + 5 * MINUTE;
    await this.until(closing);
    for (const [i, shift] of [...this.open].reverse().entries()) {
      this.deps.setNow(new Date(closing + i * 4 * MINUTE + this.random() * 3 * MINUTE));
      await this.count(shift, i === this.open.length - 1 ? this.options.large : null);
    }
    return this.open.length;
  }

  private plan(at: number, run: () => Promise<void>, beforeSale = false): void {
    this.events.push({ at, run, beforeSale });
  }

  /** The moments due by `at`, each at its own time; `sale`: a sale is made at `at`. */
  private async until(at: number, sale = false): Promise<void> {
    while (this.events.length > 0 && this.events[0]!.at <= at) {
      const event = this.events.shift()!;
      if (event.beforeSale && !sale) continue;
      this.deps.setNow(new Date(event.at));
      await event.run();
    }
  }

  private roundTo(low: number, high: number, step: number): number {
    return Math.round((low + this.random() * (high - low)) / step) * step;
  }

  private async move(index: number, type: 'in' | 'out', amount: number, reason: string): Promise<void> {
    const shift = this.open[index]!;
    await addCashMovement(this.deps, shift.cashier, shift.shiftId, CashMovementRequest.parse({ type, amount, reason }));
  }

  /** What the drawer should hold now: the shift's X report, as the server works it out. */
  private async expectedOf(shift: Open): Promise<number> {
    return (await shiftDetail(this.deps, shift.cashier, shift.shiftId)).report.cash.expected;
  }

  private async count(shift: Open, large: LargeDifference | null): Promise<void> {
    const expected = bahtToSatang(await this.expectedOf(shift));
    const roll = this.random();
    const miscount = large ? large.baht : roll < 0.78 ? 0 : pick(this.random, SMALL_DIFFERENCES);
    // What a drawer can hold: an amount worked out in proportion (a part refund of a sale that spent points) can
    // leave satang no coin makes, which the count then misses by that much.
    const counted = Math.max(0, Math.floor((expected + bahtToSatang(miscount)) / SMALLEST_COIN) * SMALLEST_COIN);
    const input = CloseShiftRequest.parse({
      countedCash: satangToBaht(counted),
      countedCount: countOf(counted),
      ...(large && {
        note: large.note,
        approver: { username: this.setup.manager.username, password: DEMO_MANAGER_PASSWORD },
      }),
    });
    await closeShift(this.deps, shift.cashier, shift.shiftId, input, DEMO_CLIENT);
  }
}
