import type { DbExecutor } from '../../db/executor';
import { PAYMENT_COLUMNS, REFUND_COLUMNS, SALE_COLUMNS, SALE_ITEM_COLUMNS } from './sale-columns';

// The rows of whole sales, read by id with the named column sets; sale-mapper.ts turns them into the API's sale.

export function findSaleHeads(db: DbExecutor, ids: number[]) {
  return (
    db
      .selectFrom('sales')
      .innerJoin('users', 'users.id', 'sales.created_by')
      .leftJoin('users as excluder', 'excluder.id', 'sales.vat_excluded_by')
      .leftJoin('users as approver', 'approver.id', 'sales.vat_exclusion_approved_by')
      .leftJoin('sales as replaced', 'replaced.id', 'sales.replaces_sale_id')
      // At most one: replaces_sale_id is unique.
      .leftJoin('sales as replacement', 'replacement.replaces_sale_id', 'sales.id')
      .select([
        ...SALE_COLUMNS,
        'users.name as created_by_name',
        'excluder.name as vat_excluded_by_name',
        'approver.name as vat_exclusion_approved_by_name',
        'replaced.document_number as replaces_document_number',
        'replacement.id as replaced_by_sale_id',
        'replacement.document_number as replaced_by_document_number',
      ])
      .where('sales.id', 'in', ids)
      .execute()
  );
}
export type SaleHeadRow = Awaited<ReturnType<typeof findSaleHeads>>[number];

export function findSaleItemRows(db: DbExecutor, saleIds: number[]) {
  return db.selectFrom('sale_items').select(SALE_ITEM_COLUMNS).where('sale_id', 'in', saleIds).orderBy('id').execute();
}
export type SaleItemRow = Awaited<ReturnType<typeof findSaleItemRows>>[number];

export function findPaymentRows(db: DbExecutor, saleIds: number[]) {
  return db.selectFrom('payments').select(PAYMENT_COLUMNS).where('sale_id', 'in', saleIds).orderBy('id').execute();
}
export type PaymentRow = Awaited<ReturnType<typeof findPaymentRows>>[number];

export function findRefundRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refunds')
    .innerJoin('users', 'users.id', 'refunds.refunded_by')
    .select([...REFUND_COLUMNS, 'users.name as refunded_by_name'])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refunds.id')
    .execute();
}
export type RefundRow = Awaited<ReturnType<typeof findRefundRows>>[number];

export function findRefundPaymentRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refund_payments')
    .innerJoin('refunds', 'refunds.id', 'refund_payments.refund_id')
    .select(['refund_payments.refund_id', 'refund_payments.method', 'refund_payments.amount'])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_payments.id')
    .execute();
}
export type RefundPaymentRow = Awaited<ReturnType<typeof findRefundPaymentRows>>[number];

export function findRefundLineRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refund_items')
    .innerJoin('refunds', 'refunds.id', 'refund_items.refund_id')
    .innerJoin('sale_items', 'sale_items.id', 'refund_items.sale_item_id')
    .select([
      'refund_items.refund_id',
      'refund_items.sale_item_id',
      'sale_items.product_name',
      'refund_items.quantity',
      'refund_items.amount',
    ])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_items.id')
    .execute();
}
export type RefundLineRow = Awaited<ReturnType<typeof findRefundLineRows>>[number];
