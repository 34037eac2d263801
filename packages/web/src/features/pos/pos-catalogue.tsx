import type { PosProduct } from '@pos/core';
import { PackagePlus, ScanBarcode } from 'lucide-react';
import {
  memo,
  useDeferredValue,
  useEffect,
  useImperativeHandle,
  useMemo,
  useState,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { QueryStates, type ListQuery } from '../../components/ui/query-states';
import { EmptyState } from '../../components/ui/states';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { filterCatalogue, findByCode, hasMatch, warmCatalogue, type Catalogue, type CodeMatch } from './catalogue';
import { CameraScanDialog } from './camera-scan-dialog';
import { CategoryChips } from './category-chips';
import { NoProductsFound, ProductGrid, ProductGridSkeleton } from './product-grid';

/**
 * The pause in typing after which the grid shows what the box holds: longer than the gaps between a
 * keyboard-wedge scanner's keys, shorter than a person's.
 */
const TYPING_PAUSE_MS = 80;

/** What the screen asks of the catalogue side: to clear the search box after a sale. */
export interface PosCatalogueHandle {
  clearSearch: () => void;
}

interface PosCatalogueProps {
  ref: Ref<PosCatalogueHandle>;
  searchRef: RefObject<HTMLInputElement | null>;
  /** The product list's query: still loading, failed (with its error), or loaded. */
  status: 'pending' | 'error' | 'success';
  error: unknown;
  retrying: boolean;
  catalogue: Catalogue<PosProduct>;
  categoryNames: readonly string[];
  /** Quantity in the cart per product id (for the cards' badges). */
  inCart: ReadonlyMap<number, number>;
  canCreateProducts: boolean;
  /** A card was tapped. */
  onAdd: (product: PosProduct) => void;
  /** An exact barcode or SKU and Enter (a scan). */
  /** A scanned code: the product, and its variant when the code is a variant's own. */
  onScan: (match: CodeMatch<PosProduct>) => void;
  /** Enter in the empty box: to the payment. */
  onEmptyEnter: () => void;
  onRetry: () => void;
}

/**
 * The search box, the category chips and the product grid. The search text lives here, not in the
 * screen, so a key typed (a scanner types a dozen a scan) redraws this part only, never the cart
 * panel, the dialogs or the screen's queries (issue 10 item 6: a scan's Enter → cart line < 50 ms).
 */
export const PosCatalogue = memo(function PosCatalogue({
  ref,
  searchRef,
  status,
  error,
  retrying,
  catalogue,
  categoryNames,
  inCart,
  canCreateProducts,
  onAdd,
  onScan,
  onEmptyEnter,
  onRetry,
}: PosCatalogueProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  useImperativeHandle(ref, () => ({ clearSearch: () => setSearch('') }), []);
  // The search texts are built once the till is drawn and idle, not on the way to the first scan.
  useEffect(() => warmCatalogue(catalogue), [catalogue]);

  // Typing stays instant: the grid follows the search box once the keys pause, in a render React may
  // interrupt. A scanner types its whole code in one burst, so the grid is not filtered and redrawn
  // for each digit: those renders and their frames held up the scan's Enter (issue 10 item 6).
  const typed = useDebouncedValue(search, TYPING_PAUSE_MS);
  const gridSearch = useDeferredValue(search === '' ? '' : typed);
  const visible = useMemo(() => filterCatalogue(catalogue, gridSearch, category), [catalogue, gridSearch, category]);
  // A scan draws its cart line first; the cards' in-cart badges follow right after.
  const gridInCart = useDeferredValue(inCart);

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // The box itself, not the last render: a scanner may type faster than React renders.
    const code = event.currentTarget.value.trim();
    if (code === '') {
      onEmptyEnter();
      return;
    }
    const match = findByCode(catalogue, code);
    if (match) {
      onScan(match);
      setSearch('');
    } else if (!hasMatch(catalogue, code, category)) {
      toast.error(t('pos.codeNotFound', { code }));
      setSearch('');
    }
  };

  // A camera scan finds its product exactly as a scanner's Enter does, and adds it the same way.
  const [cameraOpen, setCameraOpen] = useState(false);
  const onCameraCode = (code: string): boolean => {
    const match = findByCode(catalogue, code);
    if (!match) return false;
    setCameraOpen(false);
    onScan(match);
    return true;
  };

  const catalogueQuery: ListQuery<Catalogue<PosProduct>> = {
    isPending: status === 'pending',
    // A failed reload keeps the last list on screen: the till sells on with it.
    isError: status === 'error' && catalogue.products.length === 0,
    isFetching: retrying,
    data: catalogue,
    refetch: onRetry,
  };

  return (
    <>
      <div className="flex gap-2">
        <SearchInput
          ref={searchRef}
          id="pos-search"
          size="lg"
          className="min-w-0 flex-1"
          label={t('pos.search')}
          hint={t('pos.searchHint')}
          placeholder={t('pos.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
          onKeyDown={onSearchKeyDown}
          autoFocus
          enterKeyHint="search"
        />
        <Button
          variant="outline"
          size="icon"
          className="size-12"
          aria-label={t('pos.scan')}
          title={t('pos.scan')}
          onClick={() => setCameraOpen(true)}
        >
          <ScanBarcode aria-hidden />
        </Button>
      </div>
      {cameraOpen ? <CameraScanDialog onCode={onCameraCode} onClose={() => setCameraOpen(false)} /> : null}

      <CategoryChips names={categoryNames} value={category} onChange={setCategory} />

      <QueryStates
        query={catalogueQuery}
        loading={<ProductGridSkeleton />}
        errorTitle={t('pos.loadErrorTitle')}
        errorMessage={errorMessage(error, t('pos.loadError'))}
        isEmpty={(loaded) => loaded.products.length === 0}
        empty={
          <EmptyState
            title={t('pos.noProductsTitle')}
            message={t('pos.noProductsMessage')}
            action={
              canCreateProducts ? (
                <Link to="/products" className={buttonClasses('primary')}>
                  <PackagePlus aria-hidden />
                  {t('pos.goToProducts')}
                </Link>
              ) : null
            }
          />
        }
        noMatch={visible.length === 0 ? <NoProductsFound /> : null}
      >
        {() => <ProductGrid products={visible} inCart={gridInCart} onAdd={onAdd} />}
      </QueryStates>
    </>
  );
});
