import type { DbExecutor } from '../../db/executor';
import {
  REFUND_COLUMNS,
  REFUND_LINE_COLUMNS,
  REFUND_PAYMENT_COLUMNS,
  SALE_COLUMNS,
  SALE_LINE_COLUMNS,
  SALE_PAYMENT_COLUMNS,
  type RefundLineRow,
  type RefundPaymentRow,
  type RefundRow,
  type SaleHeadRow,
  type SaleLineRow,
  type SalePaymentRow,
} from './sale-columns';

// The rows of whole sales, read by id with the named column sets (sale-columns.ts, which also names their
// row types); sale-mapper.ts turns them into the API's sale.

export function findSaleHeads(db: DbExecutor, ids: number[]): Promise<SaleHeadRow[]> {
  return (
    db
      .selectFrom('sales')
      .innerJoin('users', 'users.id', 'sales.created_by')
      .leftJoin('users as excluder', 'excluder.id', 'sales.vat_excluded_by')
      .leftJoin('users as approver', 'approver.id', 'sales.vat_exclusion_approved_by')
      .leftJoin('sales as replaced', 'replaced.id', 'sales.replaces_sale_id')
      // At most one: replaces_sale_id is unique.
      .leftJoin('sales as replacement', 'replacement.replaces_sale_id', 'sales.id')
      .leftJoin('tills', 'tills.id', 'sales.till_id')
      // At most one: tax_invoices.sale_id is unique.
      .leftJoin('tax_invoices', 'tax_invoices.sale_id', 'sales.id')
      .select([
        ...SALE_COLUMNS,
        'users.name as created_by_name',
        'excluder.name as vat_excluded_by_name',
        'approver.name as vat_exclusion_approved_by_name',
        'replaced.document_number as replaces_document_number',
        'replacement.id as replaced_by_sale_id',
        'replacement.document_number as replaced_by_document_number',
        'tills.name as till_name',
        'tax_invoices.id as tax_invoice_id',
        'tax_invoices.number as tax_invoice_number',
      ])
      .where('sales.id', 'in', ids)
      .execute()
  );
}

export function findSaleLineRows(db: DbExecutor, saleIds: number[]): Promise<SaleLineRow[]> {
  return db
    .selectFrom('sale_items')
    .select(SALE_LINE_COLUMNS)
    .where('sale_items.sale_id', 'in', saleIds)
    .orderBy('sale_items.id')
    .execute();
}

export function findPaymentRows(db: DbExecutor, saleIds: number[]): Promise<SalePaymentRow[]> {
  return db
    .selectFrom('payments')
    .select(SALE_PAYMENT_COLUMNS)
    .where('payments.sale_id', 'in', saleIds)
    .orderBy('payments.id')
    .execute();
}

export function findRefundRows(db: DbExecutor, saleIds: number[]): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .innerJoin('users', 'users.id', 'refunds.refunded_by')
    .select([...REFUND_COLUMNS, 'users.name as refunded_by_name'])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refunds.id')
    .execute();
}

export function findRefundPaymentRows(db: DbExecutor, saleIds: number[]): Promise<RefundPaymentRow[]> {
  return db
    .selectFrom('refund_payments')
    .innerJoin('refunds', 'refunds.id', 'refund_payments.refund_id')
    .select(REFUND_PAYMENT_COLUMNS)
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_payments.id')
    .execute();
}

export function findRefundLineRows(db: DbExecutor, saleIds: number[]): Promise<RefundLineRow[]> {
  return db
    .selectFrom('refund_items')
    .innerJoin('refunds', 'refunds.id', 'refund_items.refund_id')
    .innerJoin('sale_items', 'sale_items.id', 'refund_items.sale_item_id')
    .select(REFUND_LINE_COLUMNS)
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_items.id')
    .execute();
}
