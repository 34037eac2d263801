import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

interface BodyByContentType {
  content: Record<string, { schema: unknown }>;
}

function isBodyByContentType(body: unknown): body is BodyByContentType {
  return typeof body === 'object' && body !== null && 'content' in body;
}

/**
 * jsonSchemaTransform, plus bodies given per content type (the product form:
 * multipart fields or JSON), which it leaves alone: each is converted as a body.
 */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const body: unknown = input.schema?.body;
  if (!isBodyByContentType(body)) return jsonSchemaTransform(input);
  const { body: _body, ...rest } = input.schema;
  const result = jsonSchemaTransform({ ...input, schema: rest });
  const content: Record<string, { schema: unknown }> = {};
  for (const [type, { schema }] of Object.entries(body.content)) {
    const converted = jsonSchemaTransform({ ...input, schema: { body: schema } }).schema as { body?: unknown };
    content[type] = { schema: converted.body };
  }
  return { ...result, schema: { ...result.schema, body: { content } } };
}

/** The OpenAPI document of every /api route, served with its viewer at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Thai shop POS API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
