import { withVariants } from './cart-fixtures';
import type { PosProduct } from '@pos/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useRef, type ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { catalogueOf } from './catalogue';
import { PosCatalogue, type PosCatalogueHandle } from './pos-catalogue';

// jsdom draws no layout: the windowed grid's media queries and size observer get inert stand-ins.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function product(id: number, overrides: Partial<PosProduct> = {}): PosProduct {
  return withVariants({
    id,
    name: `สินค้า ${id}`,
    sku: `SKU-${id}`,
    barcode: `885000000000${id}`,
    category: 'เสื้อผ้า',
    price: 100,
    original_price: null,
    stock: 5,
    image_url: null,
    sizes: [],
    colors: [],
    ...overrides,
  });
}

type Props = Omit<ComponentProps<typeof PosCatalogue>, 'ref' | 'searchRef'>;

function setup(overrides: Partial<Props> = {}) {
  const props: Props = {
    status: 'success',
    error: null,
    retrying: false,
    catalogue: catalogueOf([product(1), product(2)]),
    categoryNames: ['เสื้อผ้า'],
    inCart: new Map(),
    canCreateProducts: true,
    onAdd: vi.fn(),
    onScan: vi.fn(),
    onEmptyEnter: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
  const handle = createRef<PosCatalogueHandle>();
  let screenRenders = 0;
  // Stands for the POS screen: counts its own renders, which typing must not cause.
  function Screen() {
    screenRenders += 1;
    const searchRef = useRef<HTMLInputElement>(null);
    return <PosCatalogue ref={handle} searchRef={searchRef} {...props} />;
  }
  render(
    <MemoryRouter>
      <I18nProvider initialLocale="th">
        <Screen />
      </I18nProvider>
    </MemoryRouter>,
  );
  const box = screen.getByLabelText<HTMLInputElement>('ค้นหาสินค้า');
  return { props, handle, box, screenRenders: () => screenRenders };
}

const type = (box: HTMLInputElement, text: string) => fireEvent.change(box, { target: { value: text } });
const enter = (box: HTMLInputElement) => fireEvent.keyDown(box, { key: 'Enter' });

describe('PosCatalogue', () => {
  it('adds the product of an exact barcode or SKU on Enter and empties the box, without redrawing the screen', () => {
    const { props, box, screenRenders } = setup();
    for (let i = 1; i <= '8850000000002'.length; i++) type(box, '8850000000002'.slice(0, i));
    enter(box);
    expect(props.onScan).toHaveBeenCalledWith({ product: product(2), variant: product(2).variants[0] });
    expect(box.value).toBe('');
    type(box, 'sku-1');
    enter(box);
    expect(props.onScan).toHaveBeenLastCalledWith({ product: product(1), variant: product(1).variants[0] });
    expect(screenRenders()).toBe(1);
  });

  it('goes to the payment on Enter in the empty box, and empties the box for a code nothing matches', () => {
    const { props, box } = setup();
    enter(box);
    expect(props.onEmptyEnter).toHaveBeenCalledOnce();
    type(box, 'ไม่มีสินค้านี้');
    enter(box);
    expect(box.value).toBe('');
    // A part of a name is a search, not a code: the box keeps it.
    type(box, 'สินค้า');
    enter(box);
    expect(box.value).toBe('สินค้า');
    expect(props.onScan).not.toHaveBeenCalled();
  });

  it('empties the box when the screen asks (after a sale)', () => {
    const { handle, box } = setup();
    type(box, 'สิน');
    act(() => handle.current?.clearSearch());
    expect(box.value).toBe('');
  });

  it('keeps the four states of the product list: loading, error with retry, empty, loaded', () => {
    setup({ status: 'pending', catalogue: catalogueOf([]) });
    expect(screen.getByRole('status')).toBeTruthy();
    cleanup();

    const onRetry = vi.fn();
    setup({ status: 'error', error: new Error('x'), catalogue: catalogueOf([]), onRetry });
    expect(screen.getByText('เกิดข้อผิดพลาด')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ลองใหม่' }));
    expect(onRetry).toHaveBeenCalledOnce();
    cleanup();

    setup({ catalogue: catalogueOf([]) });
    expect(screen.getByText('ยังไม่มีสินค้าในระบบ')).toBeTruthy();
    cleanup();

    const { box } = setup();
    expect(screen.queryByText('ยังไม่มีสินค้าในระบบ')).toBeNull();
    expect(box.disabled).toBe(false);
  });

  it('sells on with the last list when a reload fails, and says when the search matches nothing', async () => {
    const { box } = setup({ status: 'error', error: new Error('x') });
    expect(screen.queryByText('เกิดข้อผิดพลาด')).toBeNull();
    expect(screen.getByText('สินค้า 1')).toBeTruthy();

    type(box, 'ไม่มีสินค้านี้แน่นอน');
    expect(await screen.findByText('ไม่พบสินค้า ลองใช้คำอื่นหรือเปลี่ยนหมวดหมู่')).toBeTruthy();
    expect(screen.queryByText('สินค้า 1')).toBeNull();
  });

  it('filters the grid once typing pauses, not for each key of a scanner’s burst', () => {
    vi.useFakeTimers();
    try {
      const { box } = setup();
      expect(screen.getByText('สินค้า 1')).toBeTruthy();
      // A scanner's keys, a few ms apart: the grid keeps the whole list meanwhile.
      for (const text of ['8', '88', '885', '8850000000002']) {
        type(box, text);
        act(() => vi.advanceTimersByTime(10));
      }
      expect(screen.getByText('สินค้า 1')).toBeTruthy();
      // A person stops typing: the grid shows what the box holds.
      act(() => vi.advanceTimersByTime(100));
      expect(screen.queryByText('สินค้า 1')).toBeNull();
      expect(screen.getByText('สินค้า 2')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
