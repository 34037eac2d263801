// A bare Fastify server in its own process, the yardstick the real server is measured against
// (issue 17). BARE_MODE=route: GET /ping answers a tiny JSON. BARE_MODE=sale: POST /sale runs the
// same transaction as a 3-line sale with a customer (1 sale row, 3 item rows, 3 conditional stock
// updates, 1 customer update) on better-sqlite3 directly (WAL, synchronous=FULL, prepared statements).
// BARE_MODE=sale-pg: the same statements on PostgreSQL (BARE_DATABASE_URL) through `pg`, a pool of 10 as the
// real server's, one query per statement (begin and commit included), in a schema of its own.
// Prints "listening <port>" on stdout once ready.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const mode = process.env.BARE_MODE ?? 'route';
const app = Fastify({ logger: false });

if (mode === 'route') {
  app.get('/ping', async () => ({ ok: true }));
} else if (mode === 'sale-pg') {
  await barePostgresSale(process.env.BARE_DATABASE_URL ?? '');
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bare-sale-'));
  const db = new Database(path.join(dir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`
    create table products (id integer primary key, price integer not null, stock integer not null);
    create table customers (id integer primary key, points integer not null, total_spent integer not null);
    create table sales (id integer primary key, document_number text not null unique, customer_id integer,
      subtotal integer not null, tax integer not null, total integer not null, created_at text not null);
    create table sale_items (id integer primary key, sale_id integer not null references sales(id),
      product_id integer not null, quantity integer not null, price integer not null);
    insert into products (id, price, stock) values (1, 45000, 100000000), (2, 19950, 100000000), (3, 129000, 100000000);
    insert into customers (id, points, total_spent) values (1, 0, 0);
  `);
  const insertSale = db.prepare(
    'insert into sales (document_number, customer_id, subtotal, tax, total, created_at) values (?, ?, ?, ?, ?, ?)',
  );
  const insertItem = db.prepare('insert into sale_items (sale_id, product_id, quantity, price) values (?, ?, ?, ?)');
  const takeStock = db.prepare('update products set stock = stock - ? where id = ? and stock >= ?');
  const updateCustomer = db.prepare(
    'update customers set points = points + ?, total_spent = total_spent + ? where id = ?',
  );
  let next = 0;
  const sell = db.transaction((lines: { id: number; quantity: number; price: number }[]) => {
    const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const tax = Math.round((total * 3) / 100);
    next += 1;
    const sale = insertSale.run(`B${next}`, 1, total, tax, total + tax, new Date().toISOString());
    for (const l of lines) {
      insertItem.run(sale.lastInsertRowid, l.id, l.quantity, l.price);
      if (takeStock.run(l.quantity, l.id, l.quantity).changes !== 1) throw new Error('out of stock');
    }
    updateCustomer.run(Math.floor(total / 2500), total + tax, 1);
    return { id: Number(sale.lastInsertRowid), total: total + tax };
  });
  app.post('/sale', async (request) => {
    const body = request.body as { items: { productId: number; quantity: number; price: number }[] };
    return sell(body.items.map((i) => ({ id: i.productId, quantity: i.quantity, price: Math.round(i.price * 100) })));
  });
}

interface Line {
  productId: number;
  quantity: number;
  price: number;
}

async function barePostgresSale(url: string): Promise<void> {
  const schema = `bare_sale_${process.pid}`;
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`
    create schema ${schema};
    create table ${schema}.products (id integer primary key, price integer not null, stock integer not null);
    create table ${schema}.customers (id integer primary key, points integer not null, total_spent bigint not null);
    create table ${schema}.sales (id serial primary key, document_number text not null unique, customer_id integer,
      subtotal integer not null, tax integer not null, total integer not null, created_at timestamptz not null);
    create table ${schema}.sale_items (id serial primary key, sale_id integer not null references ${schema}.sales(id),
      product_id integer not null, quantity integer not null, price integer not null);
    insert into ${schema}.products (id, price, stock) values (1, 45000, 100000000), (2, 19950, 100000000),
      (3, 129000, 100000000);
    insert into ${schema}.customers (id, points, total_spent) values (1, 0, 0);
  `);
  const dropSchema = async () => {
    await setup.query(`drop schema ${schema} cascade`);
    await setup.end();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void dropSchema().finally(() => process.exit(0)));
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  let next = 0;
  app.post('/sale', async (request) => {
    const body = request.body as { items: Line[] };
    const lines = body.items.map((i) => ({ ...i, price: Math.round(i.price * 100) }));
    const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const tax = Math.round((total * 3) / 100);
    next += 1;
    const documentNumber = `B${process.pid}-${next}`;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const sale = await client.query<{ id: number }>(
        'insert into sales (document_number, customer_id, subtotal, tax, total, created_at) ' +
          'values ($1, $2, $3, $4, $5, $6) returning id',
        [documentNumber, 1, total, tax, total + tax, new Date().toISOString()],
      );
      const saleId = sale.rows[0]!.id;
      for (const l of lines) {
        await client.query('insert into sale_items (sale_id, product_id, quantity, price) values ($1, $2, $3, $4)', [
          saleId,
          l.productId,
          l.quantity,
          l.price,
        ]);
        const taken = await client.query('update products set stock = stock - $1 where id = $2 and stock >= $1', [
          l.quantity,
          l.productId,
        ]);
        if (taken.rowCount !== 1) throw new Error('out of stock');
      }
      await client.query('update customers set points = points + $1, total_spent = total_spent + $2 where id = $3', [
        Math.floor(total / 2500),
        total + tax,
        1,
      ]);
      await client.query('commit');
      return { id: saleId, total: total + tax };
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
