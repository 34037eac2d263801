import {
  OperationNodeTransformer,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryNode,
  type Transaction,
  type UnknownRow,
} from 'kysely';
import type { DB } from './schema';

/** What query functions run on: the database, or a transaction a service opened on it. */
export type DbExecutor = Kysely<DB> | Transaction<DB>;

class RowLockRemover extends OperationNodeTransformer {
  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const transformed = super.transformSelectQuery(node);
    const endModifiers = transformed.endModifiers?.filter((m) => m.modifier !== 'ForUpdate');
    return { ...transformed, endModifiers };
  }
}

/**
 * Lets query functions lock rows with `.forUpdate()` on both engines: PostgreSQL
 * locks them, SQLite has no row locks (and no `for update`) and needs none,
 * because its write transaction already serialises every writer.
 */
export class SqliteWithoutRowLocks implements KyselyPlugin {
  readonly #transformer = new RowLockRemover();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
