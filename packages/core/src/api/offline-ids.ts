import { z } from 'zod';
import { msg } from '../validation';

// Kept apart from offline.ts: sales.ts needs them, and offline.ts needs payments.ts, which needs sales.ts.

/** A device-made sale id: a UUID (any version), lower or upper case. */
export const OfflineId = z
  .string({ error: msg('value.invalid', { label: 'offlineId' }) })
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
    message: msg('value.invalid', { label: 'offlineId' }),
  })
  .transform((id) => id.toLowerCase());

/** A moment as the till's clock read it: ISO 8601 with a zone (Z or an offset). */
export const ClaimedTime = (label: 'createdAt' | 'syncedAt' | 'startedAt' | 'endedAt') =>
  z.iso.datetime({ offset: true, error: msg('value.invalid', { label }) });
