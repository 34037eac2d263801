import {
  VAT_APPROVAL_TTL_MINUTES,
  type VatExclusionApprovalRequest,
  type VatExclusionApprovalResponse,
} from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { checkApprover } from '../auth/approver';
import type { SessionUser } from '../../http/request-user';
import type { SignInClient } from '../auth/sign-in-client';
import { hashToken, newToken } from '../auth/tokens';
import { insertApproval, purgeUnusedApprovalsBefore } from './vat-approvals.queries';

const MINUTE_MS = 60_000;

/**
 * A user holding pos_refund types their username and password at the till to
 * let this cashier sell without VAT once. The password is checked under the
 * sign-in throttle (failures count towards it); the answer is a single-use
 * token bound to the cashier who asked, valid for a few minutes.
 */
export async function approveVatExclusion(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'sleep'>,
  cashier: SessionUser,
  input: z.output<typeof VatExclusionApprovalRequest>,
  client: SignInClient,
): Promise<VatExclusionApprovalResponse> {
  const approver = await checkApprover(deps, input, 'pos_refund', client, {
    invalidCredentials: 'VAT_APPROVER_INVALID_CREDENTIALS',
    notPermitted: 'VAT_APPROVER_NOT_PERMITTED',
    mustChangePassword: 'VAT_APPROVER_MUST_CHANGE_PASSWORD',
  });

  const now = deps.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + VAT_APPROVAL_TTL_MINUTES * MINUTE_MS).toISOString();
  await purgeUnusedApprovalsBefore(deps.db.kysely, now.toISOString());
  await insertApproval(deps.db.kysely, {
    tokenHash: hashToken(token),
    approverId: approver.id,
    requestedBy: cashier.id,
    now: now.toISOString(),
    expiresAt,
  });
  return { approvalToken: token, approvedBy: { id: approver.id, name: approver.name }, expiresAt };
}
