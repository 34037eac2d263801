import { satangToBaht, type Satang } from '@pos/core';
import { z } from 'zod';

/**
 * A MoneyField's value (satang, null when empty, NaN for text that is no amount) checked by a core
 * schema written in baht, as the API takes money: the core schema keeps its rules and messages.
 */
export function moneyFieldValue<S extends z.ZodType>(bahtSchema: S) {
  return z.preprocess(
    (satang: Satang | null) => (satang === null ? undefined : Number.isNaN(satang) ? satang : satangToBaht(satang)),
    bahtSchema,
  );
}
