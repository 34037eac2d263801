import { normalizeRole, type Role } from '@pos/core';
import type { BadgeTone } from '../../components/ui/badge';

/** Role badge colours of spec 001: admin red, manager blue, cashier green, viewer grey. */
const ROLE_TONES: Readonly<Record<Role, BadgeTone>> = {
  admin: 'red',
  manager: 'blue',
  cashier: 'green',
  viewer: 'grey',
};

export function roleTone(role: string | null | undefined): BadgeTone {
  const normalized = normalizeRole(role);
  return normalized ? ROLE_TONES[normalized] : 'grey';
}
