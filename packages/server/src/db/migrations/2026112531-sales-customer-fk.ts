import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * A sale's customer must exist: `sales.customer_id` references `customers.id`, with the default
 * NO ACTION, so a customer with sales cannot be hard-deleted (the app soft-deletes those) while one
 * without sales still can. A sale pointing at a customer that no longer exists should not be there;
 * if one is, it loses the link (customer_id null) and keeps the name it was sold under
 * (`customer_name`), as a walk-in sale does.
 */
export function salesCustomerFk(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await unlinkMissingCustomers(db);
        await db.schema
          .alterTable('sales')
          .addForeignKeyConstraint('sales_customer_id_fkey', ['customer_id'], 'customers', ['id'])
          .execute();
        return;
      }
      await rebuildSqliteSales(db, true);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await db.schema.alterTable('sales').dropConstraint('sales_customer_id_fkey').execute();
        return;
      }
      await rebuildSqliteSales(db, false);
    },
  };
}

async function unlinkMissingCustomers(db: Kysely<unknown>): Promise<void> {
  await sql`update sales set customer_id = null
    where customer_id is not null and not exists (select 1 from customers where customers.id = sales.customer_id)`.execute(
    db,
  );
}

const SALES_COLUMNS = [
  'id',
  'document_number',
  'status',
  'customer_id',
  'created_by',
  'subtotal',
  'discount',
  'tax',
  'total',
  'prices_include_vat',
  'exclude_vat',
  'points_used',
  'points_earned',
  'replaces_sale_id',
  'notes',
  'created_at',
  'payment_method',
  'tax_rate_bp',
  'customer_name',
  'final_loyalty_points',
  'vat_excluded_by',
  'vat_exclusion_approved_by',
];

const SALES_AND_CHILDREN = ['sales', 'sale_items', 'payments', 'refunds', 'stock_movements', 'sale_approvals'];

/**
 * SQLite cannot add a foreign key to a table, so `sales` is rebuilt as its documented procedure says
 * (sqlite.org/lang_altertable.html, "other kinds of table schema changes"): with foreign key
 * enforcement off (dropping `sales` would otherwise cascade into its lines and payments), in one
 * transaction create the new table, copy, drop, rename, recreate the indexes, then
 * `foreign_key_check` before committing. Kysely runs SQLite migrations outside a transaction on its
 * one connection, so the pragma holds for the whole rebuild.
 */
async function rebuildSqliteSales(db: Kysely<unknown>, withCustomerFk: boolean): Promise<void> {
  // AUTOINCREMENT never reuses a number; the new table must carry on from the old counter.
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'sales'`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      if (withCustomerFk) await unlinkMissingCustomers(trx);
      await withId(trx.schema.createTable('sales_rebuilt'), 'sqlite')
        .addColumn('document_number', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('completed'))
        .addColumn('customer_id', 'integer', (c) => (withCustomerFk ? c.references('customers.id') : c))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('subtotal', 'bigint', notNull)
        .addColumn('discount', 'bigint', notNull)
        .addColumn('tax', 'bigint', notNull)
        .addColumn('total', 'bigint', notNull)
        .addColumn('prices_include_vat', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('exclude_vat', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points_earned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('replaces_sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('notes', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('cash'))
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('customer_name', 'text')
        .addColumn('final_loyalty_points', 'integer')
        .addColumn('vat_excluded_by', 'integer', (c) => c.references('users.id'))
        .addColumn('vat_exclusion_approved_by', 'integer', (c) => c.references('users.id'))
        .execute();
      const columns = sql.join(SALES_COLUMNS.map((c) => sql.ref(c)));
      await sql`insert into sales_rebuilt (${columns}) select ${columns} from sales`.execute(trx);
      await trx.schema.dropTable('sales').execute();
      await trx.schema.alterTable('sales_rebuilt').renameTo('sales').execute();

      await trx.schema.createIndex('sales_created_at').on('sales').column('created_at').execute();
      await trx.schema.createIndex('sales_created_by').on('sales').column('created_by').execute();
      await trx.schema.createIndex('sales_customer_id').on('sales').columns(['customer_id', 'created_at']).execute();
      await trx.schema
        .createIndex('sales_replaces_sale_id_unique')
        .on('sales')
        .unique()
        .column('replaces_sale_id')
        .where(sql.ref('replaces_sale_id'), 'is not', null)
        .execute();

      const old = counter.rows[0]?.seq;
      if (old !== undefined) {
        await sql`update sqlite_sequence set seq = max(seq, ${old}) where name = 'sales'`.execute(trx);
        await sql`insert into sqlite_sequence (name, seq) select 'sales', ${old}
          where not exists (select 1 from sqlite_sequence where name = 'sales')`.execute(trx);
      }
      // The rebuilt table and those that point at it; ids were copied, so a failure here is a bug.
      for (const table of SALES_AND_CHILDREN) {
        const broken = await sql`pragma foreign_key_check(${sql.raw(table)})`.execute(trx);
        if (broken.rows.length > 0) {
          throw new Error(`foreign keys broken after rebuilding sales: ${JSON.stringify(broken.rows.slice(0, 5))}`);
        }
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
