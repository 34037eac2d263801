import type { DbExecutor } from '../../db/executor';

export const VAT_EXCLUSION_PURPOSE = 'vat_exclusion';

export async function insertApproval(
  db: DbExecutor,
  values: { tokenHash: string; approverId: number; requestedBy: number; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sale_approvals')
    .values({
      token_hash: values.tokenHash,
      purpose: VAT_EXCLUSION_PURPOSE,
      approver_id: values.approverId,
      requested_by: values.requestedBy,
      created_at: values.now,
      expires_at: values.expiresAt,
      used_at: null,
      sale_id: null,
    })
    .execute();
}

/**
 * Uses an approval in one conditional update: only an unused, unexpired VAT
 * approval asked for by this seller. Answers the approver's id and name, or undefined.
 */
export async function consumeApproval(
  db: DbExecutor,
  values: { tokenHash: string; sellerId: number; now: string },
): Promise<{ id: number; name: string | null } | undefined> {
  const row = await db
    .updateTable('sale_approvals')
    .set({ used_at: values.now })
    .where('token_hash', '=', values.tokenHash)
    .where('purpose', '=', VAT_EXCLUSION_PURPOSE)
    .where('requested_by', '=', values.sellerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', values.now)
    .returning((eb) => [
      'approver_id',
      eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'sale_approvals.approver_id').as('name'),
    ])
    .executeTakeFirst();
  return row && { id: row.approver_id, name: row.name };
}

/** Links a used approval to the sale it allowed. */
/** Links an approval to the sale that used it, as a statement to send alone or with others. */
export function approvalLinked(db: DbExecutor, tokenHash: string, saleId: number) {
  return db.updateTable('sale_approvals').set({ sale_id: saleId }).where('token_hash', '=', tokenHash);
}

/** Drops approvals that expired before `before` and were never used. */
export async function purgeUnusedApprovalsBefore(db: DbExecutor, before: string): Promise<void> {
  await db.deleteFrom('sale_approvals').where('used_at', 'is', null).where('expires_at', '<=', before).execute();
}
