import { z } from 'zod';

/** A provider's checkout session id as Stripe writes them (cs_test_…, cs_live_…). */
export const ProviderSessionId = z
  .string({ error: 'กรุณาระบุรหัสการชำระเงิน' })
  .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'รหัสการชำระเงินไม่ถูกต้อง');

/** `POST /api/payments/stripe/checkout` (body: the sale, as `POST /api/sales`) → 201. */
export const CardCheckoutResponse = z.object({
  sessionId: z.string(),
  /** The provider's hosted checkout page to send the browser to. */
  url: z.string(),
});
export type CardCheckoutResponse = z.infer<typeof CardCheckoutResponse>;

/** `POST /api/payments/stripe/confirm` → 201 with the `POST /api/sales` answer once paid. */
export const ConfirmCardPaymentRequest = z.object({ sessionId: ProviderSessionId });
export type ConfirmCardPaymentRequest = z.input<typeof ConfirmCardPaymentRequest>;

/** `GET /api/payments/stripe/flagged`: card sales recorded while the goods had run out. */
export const FlaggedCardSalesResponse = z.object({
  checkouts: z.array(
    z.object({
      sessionId: z.string(),
      saleId: z.number(),
      completedAt: z.string(),
      shortfall: z.array(z.object({ productId: z.number(), name: z.string(), short: z.number() })),
    }),
  ),
});
export type FlaggedCardSalesResponse = z.infer<typeof FlaggedCardSalesResponse>;
