import { z } from 'zod';

/**
 * Every error the API sends: a Thai message for people and a stable code for
 * programs. Named, so the OpenAPI document declares it once and every error
 * response refers to it.
 */
export const ErrorResponse = z
  .object({
    error: z.string().describe('Thai message for the user'),
    code: z.string().describe('Stable code for programs (see ERROR_MESSAGES in @pos/core)'),
    /** Field name → Thai message, present on validation failures. */
    fields: z.record(z.string(), z.string()).optional().describe('Field name → Thai message, on validation failures'),
    /** Machine-readable facts about the refusal (e.g. the server's figures when totals changed). */
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Facts about the refusal, e.g. the server's figures when totals changed"),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const IdParams = z.object({
  id: z.coerce.number({ error: 'รหัสไม่ถูกต้อง' }).int('รหัสไม่ถูกต้อง').positive('รหัสไม่ถูกต้อง'),
});
export type IdParams = z.infer<typeof IdParams>;

/**
 * A yes/no flag as the browser sends it: a boolean, or the text "true"/"1"
 * (spec 000 §5: flags are held as strings).
 */
export const Flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: 'ต้องเป็นค่าเปิด/ปิด (true/false)' })
  .transform((v) => v === true || v === 'true' || v === '1');

const emailCheck = z.email();

/** Optional e-mail: empty text means none; anything else must be an e-mail address. */
export const OptionalEmail = z
  .string({ error: 'รูปแบบอีเมลไม่ถูกต้อง' })
  .trim()
  .max(254, 'อีเมลยาวเกินไป')
  .refine((v) => v === '' || emailCheck.safeParse(v).success, 'รูปแบบอีเมลไม่ถูกต้อง')
  .transform((v) => (v === '' ? null : v))
  .nullish();

export const OkResponse = z.object({ ok: z.literal(true), message: z.string().optional() });
