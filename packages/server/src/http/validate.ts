import { ERROR_MESSAGES } from '@pos/core';
import type { z } from 'zod';
import { AppError } from './app-error';

/**
 * Validates a body the route could not hand to Fastify's schema validation
 * (multipart forms), failing exactly as schema validation does: a 400
 * VALIDATION_FAILED naming the first field, with every field's Thai message.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= issue.message || ERROR_MESSAGES.VALIDATION_FAILED;
  }
  const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['body', ERROR_MESSAGES.VALIDATION_FAILED];
  throw new AppError({ status: 400, code: 'VALIDATION_FAILED', message: `${firstMessage} (${firstField})`, fields });
}
