import { normalizeRole, type Role } from '@pos/core';
import type { BadgeTone } from '../components/ui/badge';
import type { MessageKey } from '../i18n/types';

const ROLE_LABEL_KEYS: Readonly<Record<Role, MessageKey>> = {
  admin: 'role.admin',
  manager: 'role.manager',
  cashier: 'role.cashier',
  viewer: 'role.viewer',
};

/** Role badge colours of spec 001: admin red, manager blue, cashier green, viewer grey. */
const ROLE_TONES: Readonly<Record<Role, BadgeTone>> = {
  admin: 'red',
  manager: 'blue',
  cashier: 'green',
  viewer: 'grey',
};

export function roleLabelKey(role: string | null | undefined): MessageKey {
  const normalized = normalizeRole(role);
  return normalized ? ROLE_LABEL_KEYS[normalized] : 'role.unknown';
}

export function roleTone(role: string | null | undefined): BadgeTone {
  const normalized = normalizeRole(role);
  return normalized ? ROLE_TONES[normalized] : 'grey';
}
