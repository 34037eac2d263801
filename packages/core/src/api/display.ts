import { z } from 'zod';
import { msg } from '../validation';
import { PAYMENT_METHODS } from './settings';

/**
 * The customer display (issue 37): a second screen or tablet facing the customer follows one till. It is paired
 * with a short code the till shows (no sign-in on the display), then reads the till's cart, total, points, the
 * PromptPay QR and the thank-you with the change, and nothing else of the shop.
 */
export const DISPLAY_CODE_LENGTH = 6;
/** How long a pairing code the till shows stays good. */
export const DISPLAY_CODE_TTL_MS = 10 * 60_000;
export const DISPLAY_MAX_LINES = 200;

export const DisplayCodeResponse = z.object({ code: z.string(), expiresAt: z.string() });
export type DisplayCodeResponse = z.infer<typeof DisplayCodeResponse>;

export const PairDisplayRequest = z.object({
  code: z
    .string({ error: msg('display.codeInvalid') })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${DISPLAY_CODE_LENGTH}}$`), msg('display.codeInvalid'))),
});

export const PairDisplayResponse = z.object({
  /** The display's own key (kept by the display's browser): reads its till's screen, nothing else. */
  token: z.string(),
  till: z.object({ id: z.number(), name: z.string() }),
});
export type PairDisplayResponse = z.infer<typeof PairDisplayResponse>;

const money = z.number().min(0).max(100_000_000);

export const DisplayLine = z.object({
  name: z.string().max(200),
  /** Size and colour, when the line has them. */
  detail: z.string().max(100).nullable(),
  quantity: z.number().int().min(1).max(100_000),
  total: money,
});
export type DisplayLine = z.infer<typeof DisplayLine>;

/** What the till's screen shows now, as the till tells it (baht). */
export const DisplayState = z.object({
  /** idle: nothing to show; cart: lines as they are added; payment: the total and how it is paid; thanks: paid. */
  phase: z.enum(['idle', 'cart', 'payment', 'thanks']),
  lines: z.array(DisplayLine).max(DISPLAY_MAX_LINES),
  subtotal: money,
  discount: money,
  total: money,
  pointsEarned: z.number().int().min(0).max(100_000_000),
  /** The method chosen at payment (its amount for PromptPay makes the QR). */
  payment: z.object({ method: z.enum(PAYMENT_METHODS), amount: money }).nullable(),
  change: money.nullable(),
});
export type DisplayState = z.infer<typeof DisplayState>;

export const UpdateDisplayRequest = z.object({ state: DisplayState });

export const IDLE_DISPLAY: DisplayState = {
  phase: 'idle',
  lines: [],
  subtotal: 0,
  discount: 0,
  total: 0,
  pointsEarned: 0,
  payment: null,
  change: null,
};

/** One message of the display's stream: the shop's face, its till, and the state with the QR worked out. */
export const DisplayView = z.object({
  shop: z.object({ storeName: z.string(), logoUrl: z.string().nullable() }),
  till: z.object({ id: z.number(), name: z.string() }),
  state: DisplayState,
  /** The PromptPay QR's payload for the amount, made by the server from the shop's PromptPay ID. */
  promptpayPayload: z.string().nullable(),
  version: z.number(),
});
export type DisplayView = z.infer<typeof DisplayView>;
