import { describe, expect, it } from 'vitest';
import {
  can,
  canAll,
  canAny,
  homePathFor,
  normalizeRole,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
} from '../src/permissions';

describe('permissions', () => {
  it('gives admin every permission, including settings_manage, and nobody else settings_manage', () => {
    for (const p of PERMISSIONS) expect(can('admin', p)).toBe(true);
    for (const role of ROLES.filter((r) => r !== 'admin')) expect(can(role, 'settings_manage')).toBe(false);
  });

  it('matches the role table of spec 000 §6', () => {
    expect(ROLE_PERMISSIONS.viewer).toEqual(['products_view', 'customers_view', 'reports_view']);
    expect(can('manager', 'pos_refund')).toBe(false);
    expect(can('manager', 'users_view')).toBe(false);
    expect(can('manager', 'products_delete')).toBe(false);
    expect(can('manager', 'settings_edit')).toBe(true);
    expect(can('cashier', 'customers_create')).toBe(true);
    expect(can('cashier', 'customers_edit')).toBe(false);
    expect(can('cashier', 'pos_process_sale')).toBe(true);
  });

  it('matches roles case-insensitively and denies unknown roles', () => {
    expect(normalizeRole(' Admin ')).toBe('admin');
    expect(can('CASHIER', 'pos_view')).toBe(true);
    expect(can('owner', 'pos_view')).toBe(false);
    expect(can(null, 'pos_view')).toBe(false);
  });

  it('checks all-of and any-of lists', () => {
    expect(canAll('cashier', ['pos_view', 'pos_process_sale'])).toBe(true);
    expect(canAll('cashier', ['pos_view', 'pos_refund'])).toBe(false);
    expect(canAny('viewer', ['pos_view', 'reports_view'])).toBe(true);
    expect(canAny('viewer', ['pos_view', 'users_view'])).toBe(false);
    expect(canAll('viewer', [])).toBe(true);
  });

  it('sends admin and manager to the dashboard, sellers to the POS, and others to the first screen they may see', () => {
    expect(homePathFor('admin')).toBe('/dashboard');
    expect(homePathFor('Manager')).toBe('/dashboard');
    expect(homePathFor('cashier')).toBe('/pos');
    // A viewer may not sell: landing on the POS showed "no access" (issue 31 item 18).
    expect(homePathFor('viewer')).toBe('/dashboard');
    expect(can('viewer', 'reports_view')).toBe(true);
  });
});
