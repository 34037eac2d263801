import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { th } from '../../i18n/th';
import { QueryStates, type ListQuery } from './query-states';

afterEach(cleanup);

const query = (over: Partial<ListQuery<string[]>>): ListQuery<string[]> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  data: undefined,
  refetch: vi.fn(),
  ...over,
});

function show(q: ListQuery<string[]>, noMatch: string | null = null) {
  return render(
    <I18nProvider initialLocale="th">
      <QueryStates
        query={q}
        loading={<p>skeleton</p>}
        errorTitle="โหลดไม่สำเร็จ"
        errorMessage="เครือข่ายขัดข้อง"
        empty={<p>ยังไม่มีรายการ</p>}
        noMatch={noMatch === null ? null : <p>{noMatch}</p>}
      >
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </QueryStates>
    </I18nProvider>,
  );
}

describe('QueryStates', () => {
  it('draws the skeleton while loading, saying so to screen readers', () => {
    show(query({ isPending: true }));
    expect(screen.getByText('skeleton')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(th['app.loading']);
  });

  it('draws the error with a retry that refetches, disabled while it does', () => {
    const failed = query({ isError: true });
    show(failed);
    expect(screen.getByRole('alert').textContent).toContain('เครือข่ายขัดข้อง');
    fireEvent.click(screen.getByRole('button', { name: th['common.retry'] }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    cleanup();
    show(query({ isError: true, isFetching: true }));
    expect(screen.getByRole('button', { name: th['common.retry'] })).toHaveProperty('disabled', true);
  });

  it('draws the empty state for no data, the no-match state when given, else the list', () => {
    show(query({ data: [] }), 'ไม่พบ');
    expect(screen.getByText('ยังไม่มีรายการ')).toBeTruthy();
    cleanup();
    show(query({ data: ['a'] }), 'ไม่พบ');
    expect(screen.getByText('ไม่พบ')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    cleanup();
    show(query({ data: ['a', 'b'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
  });
});
