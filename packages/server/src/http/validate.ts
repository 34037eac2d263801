import type { z } from 'zod';
import { validationFailure } from './validation-failure';

/**
 * Validates a body the route could not hand to Fastify's schema validation
 * (multipart forms), failing exactly as schema validation does: a 400
 * VALIDATION_FAILED naming the first field, with every field's message.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailure(
    result.error.issues.map((issue) => [issue.path.map(String).join('.') || 'body', issue.message] as const),
  );
}
