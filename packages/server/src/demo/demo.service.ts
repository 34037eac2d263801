import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  CreateCategoryRequest,
  CreateCustomerRequest,
  CreateSaleRequest,
  CreateUserRequest,
  ean13,
  PaymentSettingsInput,
  priceSale,
  pricingSettingsOf,
  ProductWriteRequest,
  RefundSaleRequest,
  satangToBaht,
  SystemSettingsInput,
  bahtToSatang,
  type Customer,
  type ProductWithVariants,
} from '@pos/core';
import type { Deps } from '../deps';
import { AppError } from '../http/app-error';
import type { SessionUser } from '../http/request-user';
import { createCategory } from '../features/categories/categories.service';
import { createCustomer } from '../features/customers/customers.service';
import { createProduct, getProduct } from '../features/products/products.service';
import { countStyle } from '../features/products/stock.service';
import { refundSale } from '../features/sales/refunds.service';
import { createSale, getSale } from '../features/sales/sales.service';
import { shopDayStart } from '../calendar/shop-day';
import { readStoredSettings, updateSettings } from '../features/settings/settings.service';
import { createUser } from '../features/users/users.service';
import { addDays } from '../calendar/calendar';
import { DEMO_BRANDS, DEMO_COLOURS, DEMO_KINDS, pick, seededRandom, thaiName, thaiPhone } from './demo-catalogue';
import { demoProductImage } from './demo-images';
import { customerPoints, firstAdmin, variantsSellable } from './demo.queries';
import { DemoTillDay, largeDifferenceOn, openTodaysShift, setUpDemoTills } from './demo-shifts';
import { addDemoCompanies, issueDemoTaxInvoice } from './demo-tax-invoices';

/** The demo cashiers' password (the README gives it; it passes the password rule). */
export const DEMO_CASHIER_PASSWORD = 'demo-till-2569';

/** Deps whose clock the generator moves: each sale is made at its own moment of the past. */
export interface DemoDeps extends Deps {
  setNow(at: Date): void;
}

export interface DemoShop {
  admin: SessionUser;
  sellers: SessionUser[];
  products: ProductWithVariants[];
  customers: Customer[];
  /** Company buyers with their tax details kept, who ask for full tax invoices. */
  companies: Customer[];
}

export interface DemoOptions {
  products: number;
  customers: number;
  seed: number;
  /** Images for the products (off for the benchmark's catalogue, which needs none). */
  images: boolean;
}

/** Products made at once: their ids follow the order they are stored in, not their numbers. */
const PRODUCTS_AT_ONCE = Math.max(2, availableParallelism());

/** `work` over `items`, at most `limit` at a time; the answers in the items' order. */
async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

/** Settings, categories, staff, products (with pictures) and customers, each through its service. */
export async function buildDemoShop(deps: DemoDeps, options: DemoOptions): Promise<DemoShop> {
  const random = seededRandom(options.seed);
  const admin = await firstAdmin(deps.db.kysely);
  if (!admin) throw new Error('the database has no admin account');
  await updateSettings(deps, admin, {
    system: SystemSettingsInput.partial().parse({
      storeName: 'ร้านสยามแฟชั่น & รองเท้า',
      // A VAT-registered shop (a made-up tax id with a valid check digit), so its slips are short tax invoices.
      vatRegistered: true,
      taxId: '0105561234560',
      taxRate: 7,
      pricesIncludeVat: true,
      // Its full tax invoices state the head office and the address in ETDA's parts (issue 36).
      branch: '00000',
      address: '1 ถนนพระราม 1 แขวงวังใหม่ เขตปทุมวัน กรุงเทพมหานคร 10330',
      addressBuildingNumber: '1',
      addressSubdistrict: '100702',
      addressDistrict: '1007',
      addressProvince: '10',
      postcode: '10330',
    }),
    payment: PaymentSettingsInput.partial().parse({
      promptpayEnabled: true,
      promptpayId: '0812345678',
      transferEnabled: true,
    }),
  });
  const sellers: SessionUser[] = [];
  for (const [username, name] of [
    ['demo_cashier1', 'ปวีณา ขายเก่ง'],
    ['demo_cashier2', 'ธนพล ยิ้มแย้ม'],
  ] as const) {
    const user = await createUser(
      deps,
      CreateUserRequest.parse({
        username: `${username}_${options.seed}`,
        password: DEMO_CASHIER_PASSWORD,
        name,
        role: 'cashier',
      }),
    );
    sellers.push(user);
  }
  for (const kind of DEMO_KINDS) {
    try {
      await createCategory(
        deps,
        CreateCategoryRequest.parse({ name: kind.category, description: `หมวดหมู่ ${kind.category}` }),
      );
    } catch (err) {
      // A second lot (--force) finds the categories already there.
      if (!(err instanceof AppError && err.code === 'CATEGORY_NAME_TAKEN')) throw err;
    }
  }
  const inputs = Array.from({ length: options.products }, (_, i) => {
    const kind = DEMO_KINDS[i % DEMO_KINDS.length]!;
    const baseName = pick(random, kind.names);
    const colours = [...new Set([pick(random, DEMO_COLOURS), pick(random, DEMO_COLOURS), pick(random, DEMO_COLOURS)])];
    const [low, high] = kind.price;
    // Thai shelf prices end in 9 or 0.
    const price = Math.round((low + random() * (high - low)) / 10) * 10 - (random() < 0.6 ? 1 : 0);
    const sku = `DM${String(options.seed).slice(-2)}${String(i + 1).padStart(5, '0')}`;
    return {
      hue: kind.hue + (i % 5) * 8,
      product: ProductWriteRequest.parse({
        name: `${baseName} ${pick(random, DEMO_BRANDS)} รุ่น ${i + 1}`,
        sku,
        // Thailand's 885, the seed, the product's number, and the EAN-13 check digit scanners verify.
        barcode: ean13(`885${String(options.seed % 100).padStart(2, '0')}${String(i + 1).padStart(7, '0')}`),
        category: kind.category,
        price,
        cost: Math.round(price * 0.55),
        original_price: random() < 0.2 ? Math.round(price * 1.3) : null,
        // A style's stock is counted per size and colour below; a plain product's (or one with a single size
        // and colour: one variant) is its figure.
        stock: kind.sizes.length * colours.length > 1 ? 0 : 60 + Math.floor(random() * 140),
        description: `${baseName} คุณภาพดี ใส่สบาย`,
        sizes: kind.sizes,
        colors: colours,
      }),
    };
  });
  // A few at a time: drawing and re-encoding the pictures (sharp's threads) is most of a product's cost.
  const created = await mapConcurrently(inputs, PRODUCTS_AT_ONCE, async ({ hue, product }, i) =>
    createProduct(deps, admin, product, options.images ? await demoProductImage(hue, i) : null),
  );
  // Counted per size and colour, unevenly as a shop's shelves are: middle sizes most, a few sold out.
  const products: ProductWithVariants[] = [];
  for (const product of created) {
    const counts = (product.variants.length > 1 ? product.variants : []).map((variant) => {
      const middle =
        product.sizes.length > 2 && variant.size !== product.sizes[0] && variant.size !== product.sizes.at(-1);
      const counted = random() < 0.1 ? 0 : Math.floor(random() * (middle ? 24 : 10)) + 1;
      return { variantId: variant.id, expected: 0, counted };
    });
    if (counts.length > 0) await countStyle(deps, admin, product.id, { counts, clearUnassigned: true, note: null });
    products.push(await getProduct(deps, product.id));
  }
  const customers: Customer[] = [];
  for (let i = 0; i < options.customers; i++) {
    const input = CreateCustomerRequest.parse({
      name: thaiName(random),
      phone: thaiPhone(i + options.seed * 1000),
      email: random() < 0.3 ? `customer${i + 1}@example.com` : undefined,
    });
    customers.push(await createCustomer(deps, input));
  }
  const companies = await addDemoCompanies(deps, options.seed, options.customers);
  return { admin, sellers, products, customers, companies };
}

/** Sales an hour of the day gets, relatively: quiet mornings, busy evenings (10:00 to 21:00). */
const HOUR_WEIGHTS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 4, 4, 3, 3, 4, 5, 7, 8, 6, 3];

function hourOf(random: () => number): number {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let roll = random() * total;
  for (const [hour, weight] of HOUR_WEIGHTS.entries()) {
    roll -= weight;
    if (roll < 0) return hour;
  }
  return 20;
}

/** How busy a day is: weekends and the days around month-end paydays sell more. */
function dayFactor(day: string, random: () => number): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const date = Number(day.slice(8, 10));
  const weekend = weekday === 0 || weekday === 6 ? 1.6 : 1;
  const payday = date >= 25 || date <= 2 ? 1.3 : 1;
  return weekend * payday * (0.8 + random() * 0.4);
}

export interface SalesRunResult {
  sales: number;
  refunds: number;
  /** Full tax invoices issued in place of short ones. */
  taxInvoices: number;
  /** Closed shifts. */
  shifts: number;
}

/**
 * `days` shop days of sales ending yesterday, each made by createSale at its own time (the clock
 * moved to it), so stock, points, customer totals and document numbers hold as at a real till; a
 * few are refunded (wholly or in part) later the same day through refundSale. Each day's sales are
 * made at two tills in their shifts, opened, paid in and out and closed through the shifts' services
 * (demo-shifts.ts); today's shift is left open on till 1. `now`: the real moment of the run, so
 * that today's shift has not opened in the future.
 */
export async function sellDemoDays(
  deps: DemoDeps,
  shop: DemoShop,
  options: { days: number; salesPerDay: number; seed: number; today: string; now?: Date | undefined },
  progress: (line: string) => void = () => {},
): Promise<SalesRunResult> {
  const random = seededRandom(options.seed + 1);
  // The tills' own draws (who sells where, pay-ins and outs, miscounts), apart from the sales' own.
  const tillRandom = seededRandom(options.seed + 3);
  // Which sales a company makes (and gets a full tax invoice for), apart from the sales' own draws.
  const invoiceRandom = seededRandom(options.seed + 5);
  const settings = pricingSettingsOf(await readStoredSettings(deps.db.kysely));
  const tz = deps.config.shopTimezone;
  const tills = await setUpDemoTills(deps, options.seed);
  const [first, second] = shop.sellers;
  if (!first || !second) throw new Error('the demo shop needs two cashiers');
  let sales = 0;
  let refunds = 0;
  let taxInvoices = 0;
  let shifts = 0;
  for (let d = options.days; d >= 1; d--) {
    const day = addDays(options.today, -d);
    const done = options.days - d + 1;
    const midnight = Date.parse(shopDayStart(day, tz));
    const count = Math.max(1, Math.round(options.salesPerDay * dayFactor(day, random)));
    const moments = Array.from({ length: count }, () => hourOf(random) * 3_600_000 + random() * 3_600_000).sort(
      (a, b) => a - b,
    );
    // The cashiers take turns at till 1; the other runs till 2 on busy evenings.
    const tillDay = new DemoTillDay(
      deps,
      tills,
      tillRandom,
      midnight,
      done % 2 === 0 ? [first, second] : [second, first],
      {
        busy: count > options.salesPerDay * 1.3,
        large: largeDifferenceOn(done, options.days),
      },
    );
    await tillDay.start();
    const made: number[] = [];
    for (const offset of moments) {
      const at = await tillDay.saleAt(midnight + offset);
      deps.setNow(new Date(midnight + offset));
      const lineCount = 1 + Math.floor(random() ** 2 * 4);
      const picks = Array.from({ length: lineCount }, () => {
        // A few best sellers: the power skews picks towards the catalogue's start.
        const product = shop.products[Math.floor(random() ** 1.8 * shop.products.length)]!;
        return { product, variant: pick(random, product.variants), quantity: random() < 0.8 ? 1 : 2 };
      });
      // What is on the shelf now, as the till's picker shows it: refunds put units back.
      const sellable = await variantsSellable(
        deps.db.kysely,
        picks.map((p) => p.product.id),
      );
      const lines = new Map<number, (typeof picks)[number]>();
      for (const line of picks) {
        if (!lines.has(line.product.id) && (sellable.get(line.variant.id) ?? 0) >= line.quantity)
          lines.set(line.product.id, line);
      }
      if (lines.size === 0) continue;
      const company = invoiceRandom() < 0.03 ? pick(invoiceRandom, shop.companies) : null;
      const customer = company ?? (random() < 0.45 ? pick(random, shop.customers) : null);
      // The balance the till shows: refunds change it too, so it is read, never tracked here.
      const balance = customer ? await customerPoints(deps.db.kysely, customer.id) : 0;
      const cart = [...lines.values()];
      const subtotal = cart.reduce((sum, l) => sum + bahtToSatang(l.product.price) * l.quantity, 0);
      const pointsUsed =
        customer && balance >= 20 && random() < 0.25 ? Math.min(balance, Math.floor(subtotal / 100 / 2)) : 0;
      const figures = priceSale(
        cart.map((l) => ({ price: bahtToSatang(l.product.price), quantity: l.quantity })),
        { pointsUsed, excludeVat: false, settings },
      );
      const roll = random();
      const paymentMethod = figures.total === 0 || roll < 0.5 ? 'cash' : roll < 0.75 ? 'transfer' : 'promptpay';
      const total = satangToBaht(figures.total);
      const input = CreateSaleRequest.parse({
        customerId: customer?.id ?? null,
        items: cart.map((l) => ({
          productId: l.product.id,
          variantId: l.variant.id,
          quantity: l.quantity,
          price: l.product.price,
        })),
        subtotal: satangToBaht(figures.subtotal),
        discount: satangToBaht(figures.discount),
        tax: satangToBaht(figures.tax),
        total,
        paymentMethod,
        pointsUsed,
        cashReceived: paymentMethod === 'cash' ? Math.ceil(total / 100) * 100 : null,
        tillId: at.tillId,
      });
      const answer = await createSale(deps, at.cashier, input, randomUUID());
      made.push(answer.sale.id);
      sales += 1;
      if (company && answer.sale.tax > 0) {
        await issueDemoTaxInvoice(deps, at.cashier, answer.sale.id, company);
        taxInvoices += 1;
      }
    }
    // Now and then a customer brings something back before closing time.
    if (made.length > 0 && random() < 0.35) {
      const { tillId, drawerCash } = await tillDay.refundAt(midnight + 21.5 * 3_600_000);
      deps.setNow(new Date(midnight + 21.5 * 3_600_000));
      const saleId = pick(random, made);
      const sale = await getSale(deps, saleId);
      // Half give everything back, half one unit of the first line (a wrong size).
      const first = random() < 0.5 ? null : sale.items[0];
      const input = RefundSaleRequest.parse(
        first
          ? { reason: 'wrong_item', lines: [{ saleItemId: first.id, quantity: 1 }], tillId }
          : { reason: 'customer_request', tillId },
      );
      // Cash back only as far as the drawer holds it: a shop would not hand out what it has not got.
      const cashOut = sale.payment_method !== 'cash' ? 0 : bahtToSatang(first ? first.price : sale.total);
      if (cashOut <= drawerCash) {
        // Demo sales are never paid by card, so nothing is asked of Stripe (or logged).
        await refundSale(deps, shop.admin, saleId, input, undefined);
        refunds += 1;
      }
    }
    shifts += await tillDay.close(midnight + (moments.at(-1) ?? 21 * 3_600_000));
    if (done % 10 === 0 || d === 1) progress(`sales: day ${done} of ${options.days} (${day})`);
  }
  await openTodaysShift(deps, tills, first, Date.parse(shopDayStart(options.today, tz)), options.now);
  return { sales, refunds, taxInvoices, shifts };
}
