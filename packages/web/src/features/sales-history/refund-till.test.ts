import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveChosenTillId } from '../shifts/till-choice';
import { historyApi } from './sales-history.queries';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 500 })));
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function sentBody(): Promise<Record<string, unknown>> {
  await historyApi.refund(9, { reason: 'ลูกค้าเปลี่ยนใจ', refundAmount: 100 }, 'key-1').catch(() => undefined);
  const init = fetchMock.mock.calls[0]?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

describe('a refund from the sales history', () => {
  it("names this browser's till, so cash back is tied to its shift", async () => {
    saveChosenTillId(3);
    expect(await sentBody()).toMatchObject({ reason: 'ลูกค้าเปลี่ยนใจ', refundAmount: 100, tillId: 3 });
  });

  it('names none where no till was chosen (a shop without tills)', async () => {
    expect(await sentBody()).not.toHaveProperty('tillId');
  });
});
