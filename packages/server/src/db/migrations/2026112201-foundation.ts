import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../../config';
import { notNull, withId } from './column-types';

/**
 * The categories a new shop starts with, as released. Written out here rather than imported from core:
 * changing the app's defaults must not change what this migration did.
 */
const FIRST_CATEGORIES = ['เสื้อผ้า', 'รองเท้า', 'กระเป๋า', 'เครื่องประดับ/อุปกรณ์เสริม'];

/** Users, sessions, sign-in throttling, settings, categories, and the sales head table. */
export function foundation(engine: DatabaseEngine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'), engine)
        .addColumn('username', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('email', 'text')
        .addColumn('role', 'text', notNull)
        .addColumn('password_hash', 'text', notNull)
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addColumn('last_login', 'text')
        .addColumn('deleted_at', 'text')
        .execute();
      // Usernames are unique case-insensitively among users not deleted.
      await db.schema
        .createIndex('users_username_live_unique')
        .on('users')
        .unique()
        .expression(sql`lower(username)`)
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await withId(db.schema.createTable('sessions'), engine)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await withId(db.schema.createTable('login_attempts'), engine)
        .addColumn('username', 'text', notNull)
        .addColumn('address', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('login_attempts_username')
        .on('login_attempts')
        .columns(['username', 'created_at'])
        .execute();
      await db.schema
        .createIndex('login_attempts_address')
        .on('login_attempts')
        .columns(['address', 'created_at'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('group_name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();

      await withId(db.schema.createTable('categories'), engine)
        .addColumn('name', 'text', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('color', 'text', (c) => c.notNull().defaultTo('#3B82F6'))
        .addColumn('icon', 'text', (c) => c.notNull().defaultTo('folder'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('categories_name_unique')
        .on('categories')
        .unique()
        .expression(sql`lower(name)`)
        .execute();
      const now = new Date().toISOString();
      for (const [index, name] of FIRST_CATEGORIES.entries()) {
        await sql`insert into categories (name, description, sort_order, created_at, updated_at)
          values (${name}, ${`หมวดหมู่ ${name}`}, ${index + 1}, ${now}, ${now})`.execute(db);
      }

      await withId(db.schema.createTable('sales'), engine)
        .addColumn('document_number', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('completed'))
        .addColumn('customer_id', 'integer')
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
        .execute();
      await db.schema.createIndex('sales_created_at').on('sales').column('created_at').execute();
      await db.schema.createIndex('sales_created_by').on('sales').column('created_by').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['sales', 'categories', 'settings', 'login_attempts', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
