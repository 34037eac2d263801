import type { PosProduct, Sale } from '@pos/core';
import { addProduct, EMPTY_CART, keyOf, setCustomer, setQuantity, type CartNotice, type CartState } from './cart';

/** A line of the sale being edited, as the POS starts from it. */
export interface EditLine {
  productId: number;
  /** As sold: said when the product is gone. */
  name: string;
  size: string | null;
  color: string | null;
  quantity: number;
}

/**
 * The state the sales-history edit flow passes to /pos (spec 001 §2): an
 * edit-mode flag, the original sale id, the reason and the details, and the
 * original lines and customer the cart starts from. The next sale made on the
 * POS replaces that (refunded) sale.
 */
export interface EditModeState {
  originalSaleId: number;
  reason: string;
  details: string;
  lines: EditLine[];
  customerId: number | null;
  /** The cart was filled from the original sale already (a reload keeps what the cashier changed since). */
  seeded: boolean;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

function optionText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function linesOf(value: unknown): EditLine[] {
  if (!Array.isArray(value)) return [];
  const lines: EditLine[] = [];
  for (const raw of value as unknown[]) {
    if (!raw || typeof raw !== 'object') continue;
    const l = raw as Record<string, unknown>;
    const productId = positiveInteger(l.productId);
    const quantity = positiveInteger(l.quantity);
    if (productId === null || quantity === null) continue;
    lines.push({ productId, name: text(l.name), quantity, size: optionText(l.size), color: optionText(l.color) });
  }
  return lines;
}

export function parseEditState(state: unknown): EditModeState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (s.editMode !== true && s.editMode !== 'true') return null;
  const id = typeof s.originalSaleId === 'string' ? Number(s.originalSaleId.trim()) : s.originalSaleId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return {
    originalSaleId: id,
    reason: text(s.editReason),
    details: text(s.editDetails),
    lines: linesOf(s.editLines),
    customerId: positiveInteger(s.editCustomerId),
    seeded: s.editSeeded === true,
  };
}

/** What the edit flow passes to /pos for `sale` (see EditModeState). */
export function editStateOf(sale: Sale, reason: string, details: string): Record<string, unknown> {
  return {
    editMode: true,
    originalSaleId: sale.id,
    editReason: reason,
    editDetails: details,
    editCustomerId: sale.customer_id,
    editLines: sale.items
      .filter((item) => item.product_id !== null && item.quantity - item.refunded_quantity > 0)
      .map((item) => ({
        productId: item.product_id,
        name: item.product_name,
        size: item.size,
        color: item.color,
        // What the edit's refund gives back: the units not refunded before.
        quantity: item.quantity - item.refunded_quantity,
      })),
  };
}

/**
 * The cart an edit starts from: the original lines (at today's prices, within today's stock) and
 * customer (when still a customer). A product since deleted or short is said in `notices`, as adding it
 * by hand would.
 */
export function cartOfEdit(
  edit: Pick<EditModeState, 'lines' | 'customerId'>,
  products: readonly PosProduct[],
  customerIds: ReadonlySet<number>,
): { state: CartState; notices: CartNotice[] } {
  const byId = new Map(products.map((p) => [p.id, p]));
  const notices: CartNotice[] = [];
  let state: CartState = EMPTY_CART;
  for (const line of edit.lines) {
    const product = byId.get(line.productId);
    if (!product) {
      notices.push({ kind: 'unavailable', name: line.name });
      continue;
    }
    const added = addProduct(state, product, { size: line.size, color: line.color });
    if (added.notice) {
      notices.push(added.notice);
      continue;
    }
    const last = added.state.lines.find(
      (l) => l.product.id === product.id && l.size === line.size && l.color === line.color,
    );
    const current = last?.quantity ?? 1;
    const set = last
      ? setQuantity(added.state, keyOf(last), current - 1 + line.quantity)
      : { state: added.state, notice: null };
    if (set.notice) notices.push(set.notice);
    state = set.state;
  }
  const customerId = edit.customerId !== null && customerIds.has(edit.customerId) ? edit.customerId : null;
  return { state: setCustomer(state, customerId), notices };
}
