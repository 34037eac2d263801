import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PRODUCTION_PASSWORD_HASH_COST, type PasswordHashCost } from '../config';

// Algorithm is a const enum, which isolated modules cannot read; 2 is its Argon2id.
const ARGON2ID: Algorithm.Argon2id = 2;

export function hashPassword(
  password: string,
  cost: PasswordHashCost = PRODUCTION_PASSWORD_HASH_COST,
): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryCostKiB,
    timeCost: cost.timeCost,
    parallelism: 1,
  });
}

// A real hash to verify against when the username is unknown, so both paths take as long
// (one per cost: a verify takes as long as the cost its hash was made with).
const dummyHashes = new Map<string, Promise<string>>();

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
  cost: PasswordHashCost = PRODUCTION_PASSWORD_HASH_COST,
): Promise<boolean> {
  if (passwordHash === null) {
    const key = `${cost.memoryCostKiB}/${cost.timeCost}`;
    let dummy = dummyHashes.get(key);
    if (!dummy) {
      dummy = hashPassword('not-a-real-password', cost);
      dummyHashes.set(key, dummy);
    }
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
