import { randomUUID } from 'node:crypto';
import { isMaskedSecret, msg, type StoredSettings, type TestNotificationRequest } from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isSendableToken, LinePushError, pushLineText } from '../../integrations/line/line-push';
import { readStoredSettings } from '../settings/settings.service';
import { saleMessage, TEST_NOTIFICATION_TEXT, type SaleForMessage } from './line-message';
import type { OutboxMessage } from './notifications.queries';

/** Whether a sale is to be told to LINE: switched on, with a token and a user id to send to. */
export function saleNotificationsWanted(settings: StoredSettings): boolean {
  const n = settings.notifications;
  return n.notifyOnSale && n.lineChannelAccessToken !== '' && n.lineUserId !== '';
}

/**
 * The sale's LINE message for the outbox, or null when none is wanted. It is written inside the sale's
 * own transaction, with its rows: sent only if the sale commits, and a crash after the commit still finds it.
 */
export function saleNotification(
  settings: StoredSettings,
  sale: SaleForMessage,
  now: string,
): Omit<OutboxMessage, 'sale_id'> | null {
  if (!saleNotificationsWanted(settings)) return null;
  return { kind: 'sale', message: saleMessage(sale), retry_key: randomUUID(), now };
}

/** The body's value, or the saved one when the body leaves it out or sends back the masked token. */
function chosen(sent: string | undefined, saved: string): string {
  return sent === undefined || isMaskedSecret(sent) ? saved : sent;
}

/**
 * `POST /api/settings/notifications/test`: sends the test message now (not through the outbox:
 * the person at the settings screen wants LINE's answer) and reports what LINE said.
 */
export async function sendTestNotification(
  deps: Pick<Deps, 'db' | 'config'>,
  input: z.output<typeof TestNotificationRequest>,
): Promise<{ ok: true }> {
  const saved = (await readStoredSettings(deps.db.kysely)).notifications;
  const token = chosen(input?.lineChannelAccessToken, saved.lineChannelAccessToken);
  const to = chosen(input?.lineUserId, saved.lineUserId);
  if (token === '' || to === '') throw new AppError({ status: 400, code: 'LINE_SETTINGS_INCOMPLETE' });
  if (!isSendableToken(token)) {
    throw new AppError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: msg('server.lineTokenInvalid'),
      fields: { lineChannelAccessToken: msg('server.lineTokenInvalid') },
    });
  }
  try {
    await pushLineText({ apiBase: deps.config.lineApiBase, token, to, text: TEST_NOTIFICATION_TEXT });
  } catch (err) {
    if (!(err instanceof LinePushError)) throw err;
    if (err.kind === 'unreachable') throw new AppError({ status: 502, code: 'LINE_UNREACHABLE' });
    throw new AppError({
      status: 502,
      code: 'LINE_REJECTED',
      details: { lineStatus: err.lineStatus, lineMessage: err.message },
    });
  }
  return { ok: true };
}
