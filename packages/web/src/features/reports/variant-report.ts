import type { VariantReportResponse, VariantSalesFigure, VariantSellThrough } from '@pos/core';

/** A row of a size or colour breakdown as drawn: its label, figures and bar length (share of the most units). */
export interface BreakdownRow {
  key: string;
  label: string;
  quantity: number;
  revenue: number;
  /** 0–100: units against the best row's, for the bar. */
  bar: number;
}

/** The server's breakdown in its order, a missing size or colour under `noneLabel`. */
export function breakdownRows(figures: readonly VariantSalesFigure[], noneLabel: string): BreakdownRow[] {
  const most = Math.max(0, ...figures.map((f) => f.quantity));
  return figures.map((f) => ({
    key: f.value ?? '\u0000none',
    label: f.value ?? noneLabel,
    quantity: f.quantity,
    revenue: f.revenue,
    bar: most <= 0 ? 0 : Math.round((Math.max(f.quantity, 0) / most) * 100),
  }));
}

/** Nothing of the style kept from the period's sales (the stock table still says what is on the shelf). */
export function nothingSold(report: VariantReportResponse): boolean {
  return report.total.quantity === 0 && report.bySize.length === 0 && report.byColor.length === 0;
}

/** Whether the unassigned line is worth a row: old lines not linked to a variant, or stock not counted per variant. */
export function showsUnassigned(report: VariantReportResponse): boolean {
  return report.unassigned.sold !== 0 || report.unassigned.stock !== 0;
}

/** A sell-through percentage for a cell, e.g. "33.3%"; a dash when there is nothing to measure. */
export function formatSellThrough(percent: number | null, intlLocale: string): string {
  if (percent === null) return '–';
  return `${percent.toLocaleString(intlLocale, { maximumFractionDigits: 1 })}%`;
}

/**
 * A variant's row label under its style's title: "ดำ / M" (the order of core `variantName` without the
 * style); the full name for a product without sizes and colours.
 */
export function variantLabel(variant: Pick<VariantSellThrough, 'name' | 'size' | 'color'>): string {
  const parts = [variant.color, variant.size].filter((p): p is string => p !== null);
  return parts.length === 0 ? variant.name : parts.join(' / ');
}
