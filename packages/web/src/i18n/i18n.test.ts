import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './dictionaries';
import { en } from './en';
import { th } from './th';
import { interpolate, translate } from './translate';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('keeps each namespace to keys under its own prefix, none defined twice', () => {
    const seen = new Set<string>();
    for (const namespace of NAMESPACES) {
      const prefixes = new Set(Object.keys(namespace).map((key) => key.split('.')[0]));
      expect(prefixes.size, [...prefixes].join()).toBe(1);
      for (const key of Object.keys(namespace)) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('gives English every Thai key and nothing more', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(th).sort());
  });

  it('has no empty messages', () => {
    for (const [key, value] of [...Object.entries(th), ...Object.entries(en)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of Object.keys(th) as (keyof typeof th)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(th[key]));
    }
  });

  it('keeps the texts the spec quotes', () => {
    expect(th['auth.loginSuccess']).toBe('เข้าสู่ระบบสำเร็จ');
    expect(th['auth.logoutSuccess']).toBe('ออกจากระบบสำเร็จ');
    expect(th['users.deleteConfirm']).toBe('คุณแน่ใจหรือไม่ที่จะลบผู้ใช้ {name}?');
    expect(th['guard.noAccessPos']).toBe('คุณไม่มีสิทธิ์ในการเข้าถึงระบบ POS');
    expect(th['nav.salesHistory']).toBe('ประวัติการขาย');
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('th', 'auth.welcome', { name: 'สมชาย' })).toBe('ยินดีต้อนรับ สมชาย');
    expect(translate('en', 'auth.welcome', { name: 'Somchai' })).toBe('Welcome Somchai');
  });

  it('leaves unknown placeholders as they are', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(interpolate('no params')).toBe('no params');
  });

  it('says "1 sale" and "2 sales" in English (no "1 sales")', () => {
    expect(translate('en', 'reports.paymentOrders', { count: 1 })).toBe('1 sale');
    expect(translate('en', 'reports.paymentOrders', { count: 2 })).toBe('2 sales');
    expect(translate('en', 'pos.cartCount', { count: '1' })).toBe('1 item');
    expect(translate('en', 'storage.cleanup.deletedValue', { count: '1,250' })).toBe('1,250 files');
    expect(translate('th', 'reports.paymentOrders', { count: 1 })).not.toMatch(/[|]/);
  });
});
