import { z } from 'zod';
import { NotificationSettingsInput } from './settings';

/**
 * `POST /api/settings/notifications/test`: the token and user id to try, each optional. An absent
 * value, or the masked token the settings screen shows, means the saved one.
 */
export const TestNotificationRequest = NotificationSettingsInput.pick({
  lineChannelAccessToken: true,
  lineUserId: true,
})
  .partial()
  // Fastify hands a request without a body over as null.
  .nullish();
export type TestNotificationRequest = z.input<typeof TestNotificationRequest>;

/** LINE accepted the test message. */
export const TestNotificationResponse = z.object({ ok: z.literal(true) });
export type TestNotificationResponse = z.output<typeof TestNotificationResponse>;
