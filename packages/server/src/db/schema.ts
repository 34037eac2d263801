import type { Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC text on both engines; money is
 * integer satang; flags are 0/1 integers so both engines read the same.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string | null;
  role: string;
  password_hash: string;
  is_active: number;
  must_change_password: number;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  deleted_at: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  address: string;
  created_at: string;
}

export interface SettingsTable {
  group_name: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string;
  color: string;
  icon: string;
  sort_order: number;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface SalesTable {
  id: Generated<number>;
  document_number: string;
  status: string;
  customer_id: number | null;
  created_by: number;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  prices_include_vat: number;
  exclude_vat: number;
  points_used: number;
  points_earned: number;
  replaces_sale_id: number | null;
  notes: string | null;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  sales: SalesTable;
}
