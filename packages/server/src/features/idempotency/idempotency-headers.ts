import { ERROR_MESSAGES, msg } from '@pos/core';
import { z } from 'zod';

// Never a '/': the server records paid card checkouts under keys of its own that hold one (cardSaleKey).
const IdempotencyKey = z
  .string({ error: ERROR_MESSAGES.IDEMPOTENCY_KEY_REQUIRED })
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, msg('server.idempotencyKeyInvalid'));

/** The header of a request that must not be done twice (a sale, a card checkout): a retry gets the first answer. */
export const IdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKey });

/** Refunds: a retry with the same key gets the first answer; without one, the refundable quantities still refuse a second refund (and a card refund's claim, Stripe's second refund). */
export const OptionalIdempotencyHeaders = z.object({ 'idempotency-key': IdempotencyKey.optional() });
