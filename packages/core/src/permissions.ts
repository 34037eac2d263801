/**
 * Roles and permissions: the single table used by the server (enforcement)
 * and the web app (showing or hiding things). Spec 000 §6.
 */
export const PERMISSIONS = [
  'pos_view',
  'pos_add_to_cart',
  'pos_process_sale',
  'pos_refund',
  'products_view',
  'products_create',
  'products_edit',
  'products_delete',
  'customers_view',
  'customers_create',
  'customers_edit',
  'customers_delete',
  'reports_view',
  'reports_export',
  'settings_view',
  'settings_edit',
  'settings_manage',
  'users_view',
  'users_create',
  'users_edit',
  'users_delete',
  'barcodes_view',
  'barcodes_generate',
  'barcodes_print',
  // Tills and shifts (issue 35): open/close the till's shift, pay in/out, its X report.
  'shift_operate',
  // Every till's shifts, their list and CSV, approving a close's difference.
  'shift_manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'manager', 'cashier', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  // Admin holds everything, including settings_manage (storage analyse and
  // cleanup). The spec grants settings_manage to no other role, so only
  // admin may delete stored images.
  admin: PERMISSIONS,
  manager: [
    'pos_view',
    'pos_add_to_cart',
    'pos_process_sale',
    'products_view',
    'products_create',
    'products_edit',
    'customers_view',
    'customers_create',
    'customers_edit',
    'reports_view',
    'reports_export',
    'settings_view',
    'settings_edit',
    'barcodes_view',
    'barcodes_generate',
    'barcodes_print',
    'shift_operate',
    'shift_manage',
  ],
  cashier: [
    'pos_view',
    'pos_add_to_cart',
    'pos_process_sale',
    'products_view',
    'customers_view',
    'customers_create',
    'reports_view',
    'shift_operate',
  ],
  viewer: ['products_view', 'customers_view', 'reports_view'],
};

/** Roles are matched case-insensitively ("Admin", "ADMIN" and "admin" are one role). */
export function normalizeRole(role: string | null | undefined): Role | null {
  const lower = (role ?? '').trim().toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : null;
}

export function permissionsOf(role: string | null | undefined): readonly Permission[] {
  const normalized = normalizeRole(role);
  return normalized ? ROLE_PERMISSIONS[normalized] : [];
}

export function can(role: string | null | undefined, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

export function canAll(role: string | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.every((p) => can(role, p));
}

export function canAny(role: string | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => can(role, p));
}

/**
 * Where each role lands after signing in (spec 000 §2): admin and manager on the dashboard, a role
 * that sells on the POS, any other on the first screen it may see (a viewer cannot sell).
 */
export function homePathFor(role: string | null | undefined): '/dashboard' | '/pos' | '/products' | '/customers' {
  const normalized = normalizeRole(role);
  if (normalized === 'admin' || normalized === 'manager') return '/dashboard';
  if (can(role, 'pos_view')) return '/pos';
  if (can(role, 'reports_view')) return '/dashboard';
  if (can(role, 'products_view')) return '/products';
  return '/customers';
}
