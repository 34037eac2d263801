import { normalizeRole, type Role } from '@pos/core';
import type { MessageKey } from '../i18n/types';

const ROLE_LABEL_KEYS: Readonly<Record<Role, MessageKey>> = {
  admin: 'role.admin',
  manager: 'role.manager',
  cashier: 'role.cashier',
  viewer: 'role.viewer',
};

export function roleLabelKey(role: string | null | undefined): MessageKey {
  const normalized = normalizeRole(role);
  return normalized ? ROLE_LABEL_KEYS[normalized] : 'role.unknown';
}
