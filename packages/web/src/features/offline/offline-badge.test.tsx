import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { closeOfflineDbs, offlineDb, type OutboxRow } from '../../lib/offline-db';
import { OfflineBadge } from './offline-badge';
import { OfflineProvider } from './offline-context';

// The web tests share workers: Dexie may have been loaded (without an IndexedDB) by another file first.
Dexie.dependencies.indexedDB = indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

function row(userId: number, offlineId: string, status: OutboxRow['status']): OutboxRow {
  return {
    offlineId,
    userId,
    tillId: 3,
    body: { items: [], subtotal: 100, total: 100, paymentMethod: 'card' },
    documentNumber: `R2569-T03-00000${offlineId.slice(-1)}`,
    createdAt: '2026-11-29T02:00:00.000Z',
    total: 100,
    status,
    attempts: 1,
    failure:
      status === 'failed'
        ? { status: 400, code: 'OFFLINE_CARD_NOT_ALLOWED', message: 'card', at: '2026-11-29T03:00:00.000Z' }
        : null,
  };
}

beforeEach(async () => {
  closeOfflineDbs();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  // The server cannot be reached: nothing is sent, the counts are what is kept.
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
});

afterEach(() => {
  cleanup();
  closeOfflineDbs();
  vi.unstubAllGlobals();
});

describe('the offline badge', () => {
  it("names the failed sales with the server's reason, and another user's sales waiting for them", async () => {
    await offlineDb(1, 3).outbox.add(row(1, '00000000-0000-4000-8000-000000000001', 'failed'));
    await offlineDb(2, 3).outbox.bulkAdd([
      row(2, '00000000-0000-4000-8000-000000000002', 'pending'),
      row(2, '00000000-0000-4000-8000-000000000003', 'pending'),
    ]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider initialLocale="th">
          <OfflineProvider keepsSales={false} userId={1} enabled initialTillId={3}>
            <OfflineBadge />
          </OfflineProvider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    const badge = screen.getByTestId('offline-badge');
    await waitFor(() => expect(badge.getAttribute('data-failed')).toBe('1'));
    expect(badge.getAttribute('data-waiting')).toBe('0');
    expect(badge.textContent).toContain('ส่งไม่ได้ 1 รายการ');
    fireEvent.click(badge);
    const details = await screen.findByTestId('offline-details');
    expect(details.textContent).toContain('มีรายการขายของผู้ใช้อื่น 2 รายการในเครื่องนี้ จะส่งเมื่อผู้ใช้นั้นเข้าสู่ระบบ');
    expect(details.textContent).toContain('R2569-T03-000001');
    expect(details.textContent).toContain('รับชำระด้วยบัตรได้เฉพาะเมื่อเครื่องขายออนไลน์');
    expect(screen.getByRole('button', { name: 'ลองส่งอีกครั้ง' })).toBeTruthy();
  });
});
