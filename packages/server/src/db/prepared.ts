import { PostgresAdapter, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import { nameStatement } from './named-statements';
import type { DbExecutor } from './executor';
import { runDirectly } from './sqlite-direct';

/** Where one parameter of a compiled statement comes from in the arguments. */
class Slot {
  constructor(readonly path: readonly (string | number)[]) {}
}

interface Template {
  compiled: CompiledQuery;
  /** Per parameter: a path into the arguments, or null for a value fixed in the statement itself. */
  sources: (readonly (string | number)[] | null)[];
  /** The arguments' shape it was compiled for, to compare the next call's with (no text built). */
  shape: Shape;
}

/** A shape as a tree: a value, a literal (null, undefined, true, false), an array or a plain object. */
type Shape =
  | { kind: 'value' }
  | { kind: 'literal'; literal: null | undefined | boolean }
  | { kind: 'array'; items: Shape[] }
  | { kind: 'object'; keys: string[]; values: Shape[] };

/** Per builder and engine: the shapes compiled, and the one used last (most calls repeat it). */
interface Templates {
  byShape: Map<string, Template>;
  last: Template | undefined;
}

/** Shapes kept per builder and engine; beyond it (bulk writes of many lengths) a call compiles its own. */
const MAX_SHAPES = 100;

/** Statement builders whose SQL depends on more than the arguments' shape (see `prepared`). */
export type Build<Args, Row> = (db: DbExecutor, args: Args) => Compilable<Row>;

/**
 * A statement built and compiled by Kysely once per shape of its arguments, then run with each call's
 * values. Kysely builds and compiles every statement anew, which cost a sale about as much CPU as
 * SQLite running them (issue 17). The builder is run once with placeholders in place of the arguments'
 * strings and numbers, so it must use them only as values: it may branch on booleans, on null or
 * undefined and on array lengths (all part of the shape), never on a string's or number's value.
 */
export function prepared<Args, Row>(
  build: Build<Args, Row>,
): (db: DbExecutor, args: Args) => Promise<QueryResult<Row>> {
  // Per adapter (engine): the same builder compiles to other SQL on SQLite and on PostgreSQL.
  const perEngine = new WeakMap<object, Templates>();
  return (db, args) => {
    const adapter = db.getExecutor().adapter;
    let templates = perEngine.get(adapter);
    if (!templates) perEngine.set(adapter, (templates = { byShape: new Map(), last: undefined }));
    let template = templates.last;
    if (!template || !fits(args, template.shape)) {
      const key = shapeOf(args);
      template = templates.byShape.get(key);
      if (!template) {
        const compiled = build(db, withSlots(args, []) as Args).compile();
        if (adapter instanceof PostgresAdapter) nameStatement(compiled.sql);
        template = {
          compiled,
          sources: compiled.parameters.map((p) => (p instanceof Slot ? p.path : null)),
          shape: shapeTreeOf(args),
        };
        if (templates.byShape.size < MAX_SHAPES) templates.byShape.set(key, template);
      }
      templates.last = template;
    }
    const { compiled, sources } = template;
    const parameters: unknown[] = new Array(sources.length);
    for (let i = 0; i < sources.length; i += 1) {
      const path = sources[i];
      parameters[i] = path ? valueAt(args, path) : compiled.parameters[i];
    }
    const query = {
      sql: compiled.sql,
      parameters,
      query: compiled.query,
      queryId: compiled.queryId,
    } as CompiledQuery<Row>;
    return runDirectly(db, query) ?? db.executeQuery<Row>(query);
  };
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Everything the SQL may depend on: keys, array lengths, booleans, null and undefined. */
function shapeOf(value: unknown): string {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return '$';
  if (Array.isArray(value)) {
    let shape = '[';
    for (const item of value) shape += `${shapeOf(item)},`;
    return `${shape}]`;
  }
  if (!isPlainObject(value)) return '$';
  let shape = '{';
  for (const key in value) shape += `${key}:${shapeOf(value[key])},`;
  return `${shape}}`;
}

function shapeTreeOf(value: unknown): Shape {
  if (value === null || value === undefined || typeof value === 'boolean') return { kind: 'literal', literal: value };
  if (typeof value !== 'object') return { kind: 'value' };
  if (Array.isArray(value)) return { kind: 'array', items: value.map(shapeTreeOf) };
  if (!isPlainObject(value)) return { kind: 'value' };
  const keys: string[] = [];
  const values: Shape[] = [];
  for (const key in value) {
    keys.push(key);
    values.push(shapeTreeOf(value[key]));
  }
  return { kind: 'object', keys, values };
}

/** Whether `value` has `shape` (what `shapeOf` would give both), without building any text. */
function fits(value: unknown, shape: Shape): boolean {
  switch (shape.kind) {
    case 'literal':
      return value === shape.literal;
    case 'value':
      return (
        value !== null &&
        value !== undefined &&
        typeof value !== 'boolean' &&
        (typeof value !== 'object' || (!Array.isArray(value) && !isPlainObject(value)))
      );
    case 'array': {
      if (!Array.isArray(value) || value.length !== shape.items.length) return false;
      for (let i = 0; i < value.length; i += 1) if (!fits(value[i], shape.items[i]!)) return false;
      return true;
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || !isPlainObject(value)) return false;
      let i = 0;
      for (const key in value) {
        if (key !== shape.keys[i] || !fits(value[key], shape.values[i]!)) return false;
        i += 1;
      }
      return i === shape.keys.length;
    }
  }
}

function withSlots(value: unknown, path: (string | number)[]): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return new Slot(path);
  if (Array.isArray(value)) return value.map((item, i) => withSlots(item, [...path, i]));
  if (!isPlainObject(value)) return new Slot(path);
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = withSlots(value[key], [...path, key]);
  return out;
}

function valueAt(args: unknown, path: readonly (string | number)[]): unknown {
  let value = args;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  return value;
}
