import { msg } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from './helpers/test-app';

interface Refusal {
  error: string;
  code: string;
  fields: Record<string, string>;
  fieldIds?: Record<string, string>;
}

describe.each(ENGINES)('validation messages by id on %s', (engine) => {
  const t = useTestApp(engine);

  it('words the fields in Thai as before and sends their ids beside them', async () => {
    const admin = await t.adminToken();
    const res = await t.request<Refusal>('POST', '/api/products', {
      token: admin,
      body: { name: '', sku: 'x'.repeat(65), price: 10, category: 'เสื้อผ้า' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'กรุณากรอกชื่อสินค้า (name)',
      code: 'VALIDATION_FAILED',
      fields: { name: 'กรุณากรอกชื่อสินค้า', sku: 'SKU ต้องไม่เกิน 64 ตัวอักษร' },
      fieldIds: { name: msg('product.nameRequired'), sku: msg('text.tooLong', { label: 'sku', max: 64 }) },
    });
  });

  it('sends ids for query strings and choices too', async () => {
    const admin = await t.adminToken();
    const limit = await t.request<Refusal>('GET', '/api/customers?limit=0', { token: admin });
    expect(limit.status).toBe(400);
    expect(limit.body.fields).toEqual({ limit: 'limit ต้องมากกว่า 0' });
    expect(limit.body.fieldIds).toEqual({ limit: msg('number.positive', { label: 'limit' }) });

    const role = await t.request<Refusal>('POST', '/api/users', {
      token: admin,
      body: { username: 'somchai', password: 'password1', name: 'สมชาย', role: 'owner' },
    });
    expect(role.status).toBe(400);
    expect(role.body.fields.role).toBe('บทบาทต้องเป็น admin, manager, cashier หรือ viewer');
    expect(role.body.fieldIds?.role).toBe(msg('user.roleInvalid'));
  });
});
