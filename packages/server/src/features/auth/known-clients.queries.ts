import { sql } from 'kysely';
import { normalizeUsername } from '@pos/core';
import type { DbExecutor } from '../../db/executor';

/** A device or address to look for, counted as known when its user signed in from it after `since`. */
export interface KnownClientCandidate {
  client: string;
  since: string;
}

/** Which of `candidates` the live user named `username` signed in from recently (none for an unknown name). */
export async function findKnownClients(
  db: DbExecutor,
  username: string,
  candidates: KnownClientCandidate[],
): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectFrom('known_sign_in_clients as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select('k.client')
    .where(sql<string>`lower(u.username)`, '=', normalizeUsername(username))
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.or(
        candidates.map(({ client, since }) =>
          eb.and([eb('k.client', '=', client), eb('k.last_success_at', '>', since)]),
        ),
      ),
    )
    .execute();
  return new Set(rows.map((row) => row.client));
}

/** Records that the user signed in from these clients now. */
export async function rememberClients(db: DbExecutor, userId: number, clients: string[], now: string): Promise<void> {
  await db
    .insertInto('known_sign_in_clients')
    .values(clients.map((client) => ({ user_id: userId, client, last_success_at: now })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'client']).doUpdateSet({ last_success_at: (eb) => eb.ref('excluded.last_success_at') }),
    )
    .execute();
}

/** Forgets devices not signed in from since `devicesSince`, and addresses since `addressesSince`. */
export async function forgetClientsBefore(db: DbExecutor, devicesSince: string, addressesSince: string): Promise<void> {
  await db
    .deleteFrom('known_sign_in_clients')
    .where((eb) =>
      eb.or([
        eb.and([eb('client', 'like', 'device:%'), eb('last_success_at', '<=', devicesSince)]),
        eb.and([eb('client', 'like', 'address:%'), eb('last_success_at', '<=', addressesSince)]),
      ]),
    )
    .execute();
}
