import { formatSatang, PAYMENT_METHOD_NAMES, type SalePaymentMethod } from '@pos/core';

/**
 * The Thai texts this server sends to the shop owner's LINE. Server-side text (it goes to LINE,
 * not to a screen), so it lives here rather than in the web's dictionaries.
 */
export const TEST_NOTIFICATION_TEXT = 'ทดสอบการแจ้งเตือนจากระบบ Universal POS';

const WALK_IN_CUSTOMER = 'ลูกค้าทั่วไป';

export interface SaleForMessage {
  documentNumber: string;
  /** Satang, as the server recorded it. */
  total: number;
  customerName: string | null;
  /** Units sold over all lines. */
  itemCount: number;
  paymentMethod: SalePaymentMethod;
}

/** The message after a sale: total in baht, customer, item count, payment method, document number. */
export function saleMessage(sale: SaleForMessage): string {
  return [
    '🛒 มีการขายใหม่',
    `เลขที่: ${sale.documentNumber}`,
    `ยอดรวม: ${formatSatang(sale.total)}`,
    `ลูกค้า: ${sale.customerName?.trim() || WALK_IN_CUSTOMER}`,
    `จำนวนสินค้า: ${sale.itemCount.toLocaleString('th-TH')} ชิ้น`,
    `ชำระโดย: ${PAYMENT_METHOD_NAMES[sale.paymentMethod]}`,
  ].join('\n');
}
