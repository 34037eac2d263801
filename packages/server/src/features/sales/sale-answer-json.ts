import { CreateSaleResponse } from '@pos/core';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

// Core's schema of the answer, the one the route documents, as JSON Schema (nullable fields as type lists).
const { $schema: _draft, ...answerSchema } = z.toJSONSchema(CreateSaleResponse, { io: 'output' });

/**
 * A sale's answer as JSON, by a serialiser written for its schema (fast-json-stringify, Fastify's own):
 * half the time of JSON.stringify for a 3-line answer, 5.4 against 11.6 µs (issue 17). Keys outside the
 * schema are left out and a missing required one throws; a test holds its text equal to JSON.stringify's.
 */
export const saleAnswerJson: (answer: CreateSaleResponse) => string = fastJson(
  answerSchema as Parameters<typeof fastJson>[0],
);
