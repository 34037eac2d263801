/**
 * Requests built from the app's own OpenAPI document: for each operation a schema-valid-ish
 * body, query and path, then the same with one part made hostile. Deterministic: one seed
 * gives the same requests every run.
 */

/** The parts of an OpenAPI 3.0 schema object the generator reads. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

export interface Operation {
  method: string;
  /** As documented: /api/products/{id}. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  /** The JSON body's schema; null when the document gives none. */
  body: JsonSchema | null;
  /** The multipart/form-data body's schema (the product form); null when it takes none. */
  form: JsonSchema | null;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        headers: params.filter((p) => p.in === 'header'),
        body: content['application/json']?.schema ?? content['multipart/form-data']?.schema ?? null,
        form: content['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** The operations documenting a header (e.g. `idempotency-key`), as `METHOD /path`, sorted. */
export function operationsTakingHeader(doc: OpenApiDocument, header: string): string[] {
  return operationsOf(doc)
    .filter((op) => op.headers.some((h) => h.name.toLowerCase() === header))
    .map((op) => `${op.method} ${op.path}`)
    .sort();
}

export { seededRandom } from '../../src/demo/demo-catalogue';

let sampleCounter = 0;

function sampleString(schema: JsonSchema): string {
  sampleCounter += 1;
  if (schema.format === 'email') return `fuzz${sampleCounter}@example.com`;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const found = [`fuzz-key-${sampleCounter}-${Date.now()}`, `${sampleCounter}`, 'ABCDEFGH'].find((c) =>
      pattern.test(c),
    );
    if (found) return found;
  }
  const base = `ทดสอบ${sampleCounter}`;
  const text = base.padEnd(schema.minLength ?? 0, 'x');
  return schema.maxLength !== undefined ? text.slice(0, Math.max(schema.maxLength, schema.minLength ?? 0)) : text;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  let value = schema.minimum === undefined ? 1 : schema.minimum + (schema.exclusiveMinimum ? 1 : 0);
  if (value < 1 && (schema.maximum === undefined || schema.maximum >= 1)) value = 1;
  if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
  return integer ? Math.round(value) : value;
}

/** A value the schema accepts, as far as its JSON form tells (refinements are not in it). */
export function sample(schema: JsonSchema): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null && v !== '') ?? schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((s) => !(s.nullable && s.enum?.[0] === null)) ?? {});
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s)]));
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items ?? {}));
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    default:
      return schema.default ?? 'ทดสอบ';
  }
}

/** Paths (keys and array indexes) of every leaf and every inner object or list of a sampled value. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) value.forEach((v, i) => paths.push(...pathsOf(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  }
  return paths;
}

/** A deep copy of `value` with `path` set to `replacement`. */
export function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy: unknown = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last !== undefined) node[last] = replacement;
  return copy;
}

/** What a hostile client puts where a field's value goes. */
export const HOSTILE_VALUES: [string, unknown][] = [
  ['NUL', 'ab\u0000cd'],
  ['bidi override', '\u202eabc'],
  // Direction marks are refused; zero-width characters and line separators are taken out.
  ['direction marks', 'ab\u200fcd\u200e\u061c'],
  ['zero-width and separators', '\ufeffa\u200bb\u200c\u200dc\u2060d\u2028e\u2029'],
  ['C1 control', 'ab\u0085cd'],
  ['lone surrogate', 'ab\ud800'],
  ['100 KB text', 'x'.repeat(100_000)],
  ['2^31', 2 ** 31],
  ['2^53-1', 2 ** 53 - 1],
  ['-1', -1],
  ['1e308', 1e308],
  ['fraction', 0.30000000000000004],
  ['true', true],
  ['empty text', ''],
  ['null', null],
  ['list', ['a', 1, null]],
  ['object', { a: { b: 1 } }],
  ['__proto__ key', JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}')],
  ['number as text', '12abc'],
];

/** What goes in place of a path id. */
export const HOSTILE_IDS = [
  '2147483648',
  '9007199254740991',
  '-1',
  '0',
  '1e308',
  '1.5',
  'abc',
  '%00',
  '%E2%80%AE1',
  '%E2%80%8F1',
  '1%E2%80%8B',
  // A broken escape and a segment over the router's length limit: refused before any route runs.
  '%ZZ',
  '9'.repeat(200),
];

/** Whole bodies that are not what any operation takes. */
export const HOSTILE_BODIES: [string, string][] = [
  ['JSON list', '[]'],
  ['JSON text', '"x"'],
  ['JSON null', 'null'],
  ['broken JSON', '{"a":'],
  ['prototype keys', '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'],
];

/** Picks `count` items of `list` (without repeats) with `random`. */
export function pick<T>(list: readonly T[], count: number, random: () => number): T[] {
  const copy = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && copy.length > 0) {
    chosen.push(copy.splice(Math.floor(random() * copy.length), 1)[0] as T);
  }
  return chosen;
}
