import {
  satangToBaht,
  sellThroughPercent,
  VARIANT_REPORT_DEFAULT_DAYS,
  variantName,
  type VariantReportQuery,
  type VariantReportResponse,
  type VariantSalesFigure,
} from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { notFound } from '../../http/app-error';
import { addDays, shopToday } from '../../calendar/calendar';
import { shopDayEnd, shopDayStart } from '../../calendar/shop-day';
import { findStyle, styleLines, styleVariants, type StyleLineRow } from './reports.queries';

/** A size or colour list as stored (JSON text); anything else reads as none. */
function listOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** Place in the style's list; a value no longer listed after them (by name), none last. */
function byListOrder(list: readonly string[]) {
  const place = (v: string | null) => (v === null ? list.length + 1 : list.includes(v) ? list.indexOf(v) : list.length);
  return (a: string | null, b: string | null) => place(a) - place(b) || (a ?? '').localeCompare(b ?? '');
}

/** Units and satang of the lines per `key` (the recorded size or colour), in the list's order. */
function breakdown(
  lines: StyleLineRow[],
  key: (line: StyleLineRow) => string | null,
  list: readonly string[],
): VariantSalesFigure[] {
  const sums = new Map<string | null, { quantity: number; revenue: number }>();
  for (const line of lines) {
    const sum = sums.get(key(line)) ?? { quantity: 0, revenue: 0 };
    sum.quantity += line.quantity;
    sum.revenue += line.revenue;
    sums.set(key(line), sum);
  }
  const order = byListOrder(list);
  return [...sums.entries()]
    .filter(([, sum]) => sum.quantity !== 0 || sum.revenue !== 0)
    .sort(([a], [b]) => order(a, b))
    .map(([value, sum]) => ({ value, quantity: sum.quantity, revenue: satangToBaht(sum.revenue) }));
}

/** `GET /api/reports/products/:id/variants`: one style's sales by size, colour and variant over the range. */
export async function variantReport(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  productId: number,
  query: z.output<typeof VariantReportQuery>,
): Promise<VariantReportResponse> {
  const tz = deps.config.shopTimezone;
  // No range given: the last 30 shop days up to today (an id alone is a useful question).
  const today = shopToday(deps.now(), tz);
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? addDays(today, 1 - VARIANT_REPORT_DEFAULT_DAYS);
  const range = { from: shopDayStart(startDate, tz), to: shopDayEnd(endDate, tz) };
  // One snapshot: the stock read beside the sales that took it.
  return deps.db.reader.transaction().execute(async (db) => {
    const style = await findStyle(db, productId);
    if (!style) throw notFound('PRODUCT_NOT_FOUND');
    const sizes = listOf(style.sizes);
    const colors = listOf(style.colors);
    const lines = await styleLines(db, productId, range);
    const variants = await styleVariants(db, productId);

    const soldByVariant = new Map<number, { quantity: number; revenue: number }>();
    const unassigned = { sold: 0, revenue: 0 };
    for (const line of lines) {
      if (line.variant_id === null) {
        unassigned.sold += line.quantity;
        unassigned.revenue += line.revenue;
        continue;
      }
      const sum = soldByVariant.get(line.variant_id) ?? { quantity: 0, revenue: 0 };
      sum.quantity += line.quantity;
      sum.revenue += line.revenue;
      soldByVariant.set(line.variant_id, sum);
    }
    const sizeOrder = byListOrder(sizes);
    const colorOrder = byListOrder(colors);
    const shown = variants
      .filter((v) => v.active === 1 || v.stock !== 0 || (soldByVariant.get(v.id)?.quantity ?? 0) !== 0)
      .sort((a, b) => sizeOrder(a.size, b.size) || colorOrder(a.color, b.color) || a.id - b.id);

    return {
      product: { id: style.id, name: style.name },
      startDate,
      endDate,
      bySize: breakdown(lines, (l) => l.size, sizes),
      byColor: breakdown(lines, (l) => l.color, colors),
      variants: shown.map((v) => {
        const sold = soldByVariant.get(v.id) ?? { quantity: 0, revenue: 0 };
        return {
          variant_id: v.id,
          size: v.size,
          color: v.color,
          name: variantName(style.name, v),
          active: v.active === 1,
          sold: sold.quantity,
          revenue: satangToBaht(sold.revenue),
          stock: v.stock,
          sell_through: sellThroughPercent(sold.quantity, v.stock),
        };
      }),
      unassigned: {
        sold: unassigned.sold,
        revenue: satangToBaht(unassigned.revenue),
        stock: style.unassigned_stock,
      },
      total: {
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        revenue: satangToBaht(lines.reduce((n, l) => n + l.revenue, 0)),
      },
    };
  });
}
