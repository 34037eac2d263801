import {
  bahtToSatang,
  chargesVat,
  originalPriceShown,
  pointsForCustomer,
  satangToBaht,
  type SplitPart,
} from '@pos/core';
import { formatDocumentNumber } from '../../sale-records/document-number';
import type { SaleRowValues } from '../sale-writes.queries';
import type { StockTake } from '../sales.queries';
import type { SaleLines } from './lines.step';
import type { PricedSale } from './price.step';
import type { Replacement } from './replacement.step';
import type { ProductOfSale, SaleContext } from './sale-context';
import type { SaleHeld } from './sale-context';
import type { VatApprovalUsed } from './vat-approval.step';
import type { ShiftOfSale } from '../../shifts/shift-of-sale';

/** The usual price a line keeps for the receipt: only one above the price (core's shelf rule). */
function usualPriceKept(product: ProductOfSale): number | null {
  const shown = originalPriceShown(
    satangToBaht(product.price),
    product.original_price === null ? null : satangToBaht(product.original_price),
  );
  return shown === null ? null : bahtToSatang(shown);
}

/** What the steps before decided, for the rows to say it. */
export interface SaleDecided {
  sale: SaleLines;
  takes: StockTake[];
  priced: PricedSale;
  payments: SplitPart[];
  held: SaleHeld;
  series: string;
  replacement: Replacement;
  vatApproval: VatApprovalUsed | null;
  shift: ShiftOfSale;
}

/** The sale's rows as they will be written (the outbox message is added by the write step), and the customer's name shown. */
export type SaleRecords = Omit<SaleRowValues, 'notification' | 'printJob'> & { customerName: string | null };

/** Step: the sale's rows (sale, lines, payments, stock movements) as they will be written, amounts in satang. */
export function saleRecords({ seller, input, mode, nowIso }: SaleContext, d: SaleDecided): SaleRecords {
  const { figures, pricing } = d.priced;
  const { customer, keptCustomer } = d.held;
  const customerName = customer?.name ?? keptCustomer?.name ?? null;
  const documentNumber = formatDocumentNumber(d.series, d.held.sequence);
  const sale = {
    document_number: documentNumber,
    status: 'completed',
    customer_id: customer?.id ?? keptCustomer?.id ?? null,
    customer_name: customerName,
    created_by: seller.id,
    subtotal: figures.subtotal,
    discount: figures.discount,
    tax: figures.tax,
    total: figures.total,
    tax_rate_bp: input.excludeVAT || !chargesVat(pricing) ? 0 : Math.round(pricing.taxRate * 100),
    prices_include_vat: pricing.pricesIncludeVat ? 1 : 0,
    exclude_vat: input.excludeVAT ? 1 : 0,
    vat_excluded_by: input.excludeVAT ? seller.id : null,
    vat_exclusion_approved_by: d.vatApproval?.approverId ?? null,
    points_used: d.held.pointsTaken,
    points_earned: pointsForCustomer(figures, customer !== undefined) ?? 0,
    final_loyalty_points: d.held.finalPoints,
    replaces_sale_id: d.replacement.replacesSaleId,
    notes: input.notes ?? null,
    payment_method: input.paymentMethod,
    created_at: nowIso,
    units: input.items.reduce((sum, item) => sum + item.quantity, 0),
    till_id: d.shift.tillId,
    shift_id: d.shift.shiftId,
  };
  const items = d.sale.lines.map(({ item, product, variant, variantRow }) => ({
    product_id: product.gone ? null : product.id,
    variant_id: variantRow?.id ?? null,
    product_name: product.name,
    // The variant's own codes (a plain product's are its product's).
    sku: variantRow?.sku ?? product.sku,
    barcode: variantRow ? variantRow.barcode : product.barcode,
    category: product.category,
    price: product.price,
    original_price: usualPriceKept(product),
    quantity: item.quantity,
    line_total: product.price * item.quantity,
    size: variant.size,
    color: variant.color,
    sizes: JSON.stringify(variant.size === null ? [] : [variant.size]),
    colors: JSON.stringify(variant.color === null ? [] : [variant.color]),
  }));
  const payments = d.payments.map((row) => ({
    // The provider's session belongs to the part it took (a split bill's card part).
    provider_session_id: row.method === 'card' ? (mode.providerSessionId ?? null) : null,
    created_at: nowIso,
    ...row,
  }));
  // One per variant taken, the style's figure stepping down from what it was to what it is now.
  const styleStock = new Map(
    [...d.held.newStock].map(([productId, left]) => [productId, left + d.sale.wanted.get(productId)!]),
  );
  const movements = [...d.takes]
    .sort((a, b) => (a.variantId ?? Infinity) - (b.variantId ?? Infinity))
    .filter((take) => styleStock.has(take.productId))
    .map((take) => {
      const before = styleStock.get(take.productId)!;
      styleStock.set(take.productId, before - take.quantity);
      return {
        product_id: take.productId,
        variant_id: take.variantId,
        user_id: seller.id,
        kind: 'sale' as const,
        old_quantity: before,
        new_quantity: before - take.quantity,
        reason: documentNumber,
        created_at: nowIso,
      };
    });
  return {
    sale,
    items,
    payments,
    movements,
    approvalTokenHash: d.vatApproval?.tokenHash ?? null,
    customerName,
  };
}
