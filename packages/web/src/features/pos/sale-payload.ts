/**
 * The sale payload of spec 000 §3 built from the cart, and the Idempotency-Key
 * of a checkout attempt.
 */
import {
  bahtToSatang,
  satangToBaht,
  takesReference,
  type CreateSaleRequest,
  type PaymentPartInput,
  type SalePaymentMethod,
  type SaleFigures,
} from '@pos/core';
import type { z } from 'zod';
import type { CartState } from './cart';

export interface PaymentDetails {
  method: SalePaymentMethod;
  /** A split bill's parts (baht; for cash, what was handed over). */
  payments?: z.input<typeof PaymentPartInput>[];
  /** Cash tendered in baht (cash only); left out means the exact amount. */
  cashReceived?: number | null;
  /** Bank transfer reference (transfer only). */
  paymentReference?: string | null;
  /** The refunded sale this one replaces (the edit flow). */
  replacesSaleId?: number | null;
  notes?: string | null;
  /** A manager's approval to exclude VAT, when the shop requires one; sent only with VAT excluded. */
  vatApprovalToken?: string | null;
  /** This browser's till (issue 35); left out when the shop has no till chosen here. */
  tillId?: number | null;
}

export function buildSaleRequest(cart: CartState, figures: SaleFigures, payment: PaymentDetails): CreateSaleRequest {
  const request: CreateSaleRequest = {
    customerId: cart.customerId,
    items: cart.lines.map(({ product, quantity, size, color, variantId, price }) => ({
      productId: product.id,
      variantId,
      product_name: product.name,
      name: product.name,
      quantity,
      price,
      total: satangToBaht(bahtToSatang(price) * quantity),
      size,
      color,
      // Spec 000 §3 lists, holding what was chosen.
      sizes: size === null ? [] : [size],
      colors: color === null ? [] : [color],
      // Spec 000 §3: the sku of a sale line is taken from the barcode.
      sku: product.barcode ?? product.sku,
      category: product.category,
    })),
    subtotal: satangToBaht(figures.subtotal),
    discount: satangToBaht(figures.discount),
    tax: satangToBaht(figures.tax),
    total: satangToBaht(figures.total),
    excludeVAT: cart.excludeVat,
    paymentMethod: payment.method,
    notes: payment.notes?.trim() ? payment.notes.trim() : null,
    pointsUsed: cart.pointsUsed,
    pointsEarned: figures.pointsEarned,
  };
  if (payment.method === 'cash' && payment.cashReceived != null) request.cashReceived = payment.cashReceived;
  if (takesReference(payment.method) && payment.paymentReference?.trim()) {
    request.paymentReference = payment.paymentReference.trim();
  }
  if (payment.method === 'split' && payment.payments) request.payments = payment.payments;
  if (payment.replacesSaleId) request.replacesSaleId = payment.replacesSaleId;
  if (cart.excludeVat && payment.vatApprovalToken) request.vatApprovalToken = payment.vatApprovalToken;
  if (payment.tillId) request.tillId = payment.tillId;
  return request;
}

/** A random UUID v4; also where crypto.randomUUID is missing (plain http on a shop's LAN). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per checkout attempt: sending the same payload again (a retry after a
 * timeout or a lost answer) reuses the key, so the server records the sale once;
 * a different payload (another method, a changed cart) is a new attempt.
 */
export class CheckoutAttempt {
  private key: string | null = null;
  private payload: string | null = null;
  private offline: string | null = null;

  keyFor(request: CreateSaleRequest): string {
    const payload = JSON.stringify(request);
    if (this.key === null || this.payload !== payload) {
      this.key = newIdempotencyKey();
      this.offline = newIdempotencyKey();
      this.payload = payload;
    }
    return this.key;
  }

  /**
   * The attempt's offlineId (issue 38), made with its key and kept as long: a sale first sent online and, its
   * answer lost, made offline and sent again from the outbox is recorded once.
   */
  offlineIdFor(request: CreateSaleRequest): string {
    this.keyFor(request);
    return this.offline ?? newIdempotencyKey();
  }

  /** After a recorded sale: the next checkout is a new attempt. */
  reset(): void {
    this.key = null;
    this.payload = null;
    this.offline = null;
  }
}
