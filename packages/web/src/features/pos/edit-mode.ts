/**
 * The state the sales-history edit flow passes to /pos (spec 001 §2): an
 * edit-mode flag, the original sale id, the reason and the details. The next
 * sale made on the POS replaces that (refunded) sale.
 */
export interface EditModeState {
  originalSaleId: number;
  reason: string;
  details: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

export function parseEditState(state: unknown): EditModeState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (s.editMode !== true && s.editMode !== 'true') return null;
  const id = typeof s.originalSaleId === 'string' ? Number(s.originalSaleId.trim()) : s.originalSaleId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return { originalSaleId: id, reason: text(s.editReason), details: text(s.editDetails) };
}
