import type { Till } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { readChosenTillId, resolveTill, saveChosenTillId, useTillChoice } from './till-choice';

const till = (id: number, name: string, active = true): Till => ({ id, name, active, openShiftId: null });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function tillsAnswer(tills: Till[]): Response {
  return new Response(JSON.stringify({ tills }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('till choice', () => {
  it('keeps the chosen id in localStorage, and reads nothing odd as a choice', () => {
    expect(readChosenTillId()).toBeNull();
    saveChosenTillId(7);
    expect(localStorage.getItem(STORAGE_KEYS.tillId)).toBe('7');
    expect(readChosenTillId()).toBe(7);
    localStorage.setItem(STORAGE_KEYS.tillId, 'abc');
    expect(readChosenTillId()).toBeNull();
    saveChosenTillId(null);
    expect(localStorage.getItem(STORAGE_KEYS.tillId)).toBeNull();
  });

  it('asks for nothing in a shop without live tills (today behaviour) or before the list is read', () => {
    expect(resolveTill([], null)).toEqual({ till: null, needsChoice: false, live: [] });
    expect(resolveTill([till(1, 'A', false)], 1).needsChoice).toBe(false);
    expect(resolveTill(undefined, null).needsChoice).toBe(false);
  });

  it('takes the chosen live till; a switched-off or unknown one must be chosen again', () => {
    const tills = [till(1, 'หน้าร้าน'), till(2, 'หลังร้าน'), till(3, 'เก่า', false)];
    expect(resolveTill(tills, 2)).toMatchObject({ till: { id: 2 }, needsChoice: false });
    expect(resolveTill(tills, 3)).toMatchObject({ till: null, needsChoice: true });
    expect(resolveTill(tills, 99)).toMatchObject({ till: null, needsChoice: true });
    expect(resolveTill(tills, null).live.map((t) => t.id)).toEqual([1, 2]);
  });

  it('remembers a choice for the next visit and forgets a till switched off', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(tillsAnswer([till(1, 'หน้าร้าน'), till(2, 'หลังร้าน')])));
    const first = renderHook(() => useTillChoice(true), { wrapper });
    await waitFor(() => expect(first.result.current.needsChoice).toBe(true));
    act(() => first.result.current.choose(2));
    expect(first.result.current.tillId).toBe(2);
    first.unmount();

    const again = renderHook(() => useTillChoice(true), { wrapper });
    await waitFor(() => expect(again.result.current.till?.name).toBe('หลังร้าน'));
    again.unmount();

    fetchMock.mockImplementation(() => Promise.resolve(tillsAnswer([till(1, 'หน้าร้าน'), till(2, 'หลังร้าน', false)])));
    const off = renderHook(() => useTillChoice(true), { wrapper });
    await waitFor(() => expect(off.result.current.needsChoice).toBe(true));
    expect(off.result.current.tillId).toBeNull();
    await waitFor(() => expect(readChosenTillId()).toBeNull());
  });

  it('reads no tills for a user without shift_operate', () => {
    saveChosenTillId(1);
    const { result } = renderHook(() => useTillChoice(false), { wrapper });
    expect(result.current.tillId).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
