import type { DbExecutor } from '../../db/executor';

/** Whether a sale exists (a receipt to print). */
export async function saleExists(db: DbExecutor, saleId: number): Promise<boolean> {
  return (await db.selectFrom('sales').select('id').where('id', '=', saleId).executeTakeFirst()) !== undefined;
}

/** Whether a refund exists (its credit note or refund note to print). */
export async function refundExists(db: DbExecutor, refundId: number): Promise<boolean> {
  return (await db.selectFrom('refunds').select('id').where('id', '=', refundId).executeTakeFirst()) !== undefined;
}
