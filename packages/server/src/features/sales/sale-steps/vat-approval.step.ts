import { AppError } from '../../../http/app-error';
import { hashToken } from '../../auth/tokens';
import { consumeApproval } from '../vat-approvals.queries';
import type { SaleContext } from './sale-context';

export interface VatApprovalUsed {
  approverId: number;
  approverName: string | null;
  /** Null for a paid sale whose approval lapsed meanwhile (the approver checked at checkout stands). */
  tokenHash: string | null;
}

/**
 * Step: when the shop requires approval to exclude VAT, uses the approval token the sale carries (single
 * use, this seller's, unexpired). Inside the sale's transaction, so a sale refused later leaves the
 * approval unused. A paid sale whose approval lapsed meanwhile keeps the approver checked at checkout.
 */
export async function useVatApproval({
  trx,
  settings,
  seller,
  input,
  nowIso,
  policy,
}: SaleContext): Promise<VatApprovalUsed | null> {
  if (!input.excludeVAT || !settings.system.vatExclusionNeedsApproval) return null;
  try {
    if (!input.vatApprovalToken) throw new AppError({ status: 403, code: 'VAT_APPROVAL_REQUIRED' });
    const tokenHash = hashToken(input.vatApprovalToken);
    const approver = await consumeApproval(trx, { tokenHash, sellerId: seller.id, now: nowIso });
    if (approver === undefined) throw new AppError({ status: 403, code: 'VAT_APPROVAL_INVALID' });
    return { approverId: approver.id, approverName: approver.name, tokenHash };
  } catch (err) {
    policy.refuse(err, { reason: 'vat_approval_invalid' });
    const approver = policy.terms?.vatApprover;
    return approver ? { approverId: approver.id, approverName: approver.name, tokenHash: null } : null;
  }
}
