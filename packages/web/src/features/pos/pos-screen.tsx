import './pos.css';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  can,
  DEFAULT_CATEGORIES,
  formatBaht,
  formatSatang,
  pricingSettingsOf,
  onlyVariant,
  type PosProduct,
  type Sale,
  type VariantChoice,
} from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart, X } from 'lucide-react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { useDialogs } from '../../components/dialogs/dialogs-provider';
import { Button } from '../../components/ui/button';
import { overlayClasses } from '../../components/ui/dialog';
import { useT } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { useCustomers } from '../customers/customers.queries';
import { lastKnownSettings, settingsKeys, useStoreSettings } from '../settings/settings.queries';
import {
  addProduct,
  applyPoints,
  cancelPoints,
  cartFigures,
  itemCount,
  keyOf,
  removeLine,
  setCustomer,
  setExcludeVat,
  setPointsInput,
  setQuantity,
  syncProducts,
  type CartProduct,
} from './cart';
import { CartPanel } from './cart-panel';
import { catalogueOf } from './catalogue';
import { parseEditState } from './edit-mode';
import { EditModeBanner } from './edit-mode-banner';
import {
  CustomerDialog,
  PaymentDialog,
  preloadPosDialogs,
  ReceiptDialog,
  VariantPickerDialog,
  VatApprovalDialog,
} from './pos-dialogs';
import type { PaymentChoice } from './payment-dialog';
import { paymentAvailability } from './payment-options';
import { useProductCategoryNames } from '../products/products.queries';
import { useCreateSale, usePosProducts } from './pos.queries';
import {
  cartNoticeText,
  pointsErrorText,
  RELOAD_PRODUCTS_CODES,
  saleErrorText,
  serverFiguresOf,
  totalsChangedText,
} from './pos-messages';
import { PosCatalogue, type PosCatalogueHandle } from './pos-catalogue';
import { CheckoutAttempt, buildSaleRequest } from './sale-payload';
import { useCart } from './use-cart';
import { useStableHandlers } from '../../lib/use-stable-handlers';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';

/** Codes after which the VAT exclusion is dropped and must be approved again. */
const VAT_APPROVAL_CODES: ReadonlySet<string> = new Set(['VAT_APPROVAL_REQUIRED', 'VAT_APPROVAL_INVALID']);

interface PaymentState {
  error: string | null;
  notice: string | null;
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isPrintableKey(event: globalThis.KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** The point-of-sale screen (spec 000 §2 "Point-of-sale screen", §4–§5 cart rules). */
export function PosScreen() {
  const t = useT();
  const me = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const products = usePosProducts();
  const categories = useProductCategoryNames();
  const customers = useCustomers();
  const settings = useStoreSettings();
  const createSale = useCreateSale();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const { cart, update, set, reset, latest } = useCart();

  const [pointsError, setPointsError] = useState<string | null>(null);
  const [customerDialogOpen, setCustomerDialogOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [payment, setPayment] = useState<PaymentState | null>(null);
  const [receipt, setReceipt] = useState<Sale | null>(null);
  const [vatApproval, setVatApproval] = useState<{ token: string; approverName: string } | null>(null);
  const [vatApprovalOpen, setVatApprovalOpen] = useState(false);
  /** The product whose size and colour are being asked. */
  const [picking, setPicking] = useState<CartProduct | null>(null);
  /** Whether the dialogs' code is wanted yet: once the till is usable, or when one opens first. */
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const attempt = useRef(new CheckoutAttempt());
  const searchRef = useRef<HTMLInputElement>(null);
  const catalogueRef = useRef<PosCatalogueHandle>(null);
  const edit = useMemo(() => parseEditState(location.state), [location.state]);

  const permissions = {
    add: can(me.role, 'pos_add_to_cart'),
    sell: can(me.role, 'pos_process_sale'),
    addCustomer: can(me.role, 'customers_create'),
    settings: can(me.role, 'settings_view'),
    createProducts: can(me.role, 'products_create'),
  };

  // Spec 000: when the settings cannot be read, the POS keeps selling with the last known ones.
  const known = lastKnownSettings(settings);
  const pricing = useMemo(() => pricingSettingsOf(known.settings), [known.settings]);
  const vatNeedsApproval = known.settings?.system.vatExclusionNeedsApproval ?? false;
  const figures = useMemo(() => cartFigures(cart, pricing), [cart, pricing]);
  const productList = useMemo(() => products.data ?? [], [products.data]);
  const customerList = useMemo(() => customers.data ?? [], [customers.data]);
  const selectedCustomer = customerList.find((c) => c.id === cart.customerId) ?? null;
  const categoryNames: readonly string[] = categories.data?.length
    ? categories.data
    : settings.data?.categories.length
      ? settings.data.categories
      : DEFAULT_CATEGORIES;
  const catalogue = useMemo(() => catalogueOf(productList), [productList]);
  // Per product, over all its lines (sizes and colours are separate lines).
  const inCart = useMemo(() => {
    const byProduct = new Map<number, number>();
    for (const l of cart.lines) byProduct.set(l.product.id, (byProduct.get(l.product.id) ?? 0) + l.quantity);
    return byProduct;
  }, [cart.lines]);
  const count = itemCount(cart);
  const availability = known.settings ? paymentAvailability(known.settings.payment) : null;

  const focusSearch = useCallback(() => searchRef.current?.focus(), []);

  // Spec 000 §7: settings are read again whenever the POS opens.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
  }, [queryClient]);

  // Spec 000 §8: a failed load says so in a dialog; the lists fall back to empty.
  const loadFailed = products.isError || customers.isError;
  useEffect(() => {
    if (loadFailed) dialogs.showError({ title: t('pos.loadErrorTitle'), message: t('pos.loadError') });
  }, [loadFailed, dialogs, t]);

  // New prices and stock reach the cart whenever the product list is reloaded.
  const onePointValue = pricing.onePointValueInBaht;
  useEffect(() => {
    if (!products.data) return;
    const { notices } = update((current) => syncProducts(current, products.data, onePointValue));
    for (const notice of notices) {
      const text = cartNoticeText(notice, t);
      toast.warning(text.title, text.description ? { description: text.description } : undefined);
    }
  }, [products.data, onePointValue, update, t]);

  // The dialogs load after the product list is drawn, off the path to a usable search box.
  const listSettled = !products.isPending;
  useEffect(() => {
    if (!listSettled || dialogsWanted) return;
    const timer = setTimeout(() => {
      preloadPosDialogs();
      setDialogsWanted(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [listSettled, dialogsWanted]);
  const showDialogs =
    dialogsWanted || payment !== null || customerDialogOpen || vatApprovalOpen || picking !== null || receipt !== null;

  // A refusal that emptied the cart (everything sold out) closes the payment dialog.
  useEffect(() => {
    if (payment && cart.lines.length === 0 && !createSale.isPending) setPayment(null);
  }, [payment, cart.lines.length, createSale.isPending]);

  // A keyboard-wedge scanner types into the search box wherever focus is on the screen.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isPrintableKey(event) || event.key === ' ' || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="listbox"]')) return;
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // While the receipt is open, the next scan closes it and goes into the search box.
  useEffect(() => {
    if (!receipt) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isPrintableKey(event) || event.key === ' ' || isTypingTarget(event.target)) return;
      flushSync(() => setReceipt(null));
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [receipt]);

  const toastNotice = useCallback(
    (notice: Parameters<typeof cartNoticeText>[0]) => {
      const text = cartNoticeText(notice, t);
      toast.error(text.title, text.description ? { description: text.description } : undefined);
    },
    [t],
  );

  const addChosen = useCallback(
    (product: CartProduct, choice: VariantChoice) => {
      const { notice } = update((current) => addProduct(current, product, choice));
      if (notice) toastNotice(notice);
      else setPointsError(null);
    },
    [update, toastNotice],
  );

  /**
   * Every way into the cart (a card, a scan, an exact code and Enter) goes through here. A product
   * with several sizes or colours first asks which (one of each is taken as is).
   */
  const canAdd = permissions.add;
  const add = useCallback(
    (product: PosProduct) => {
      if (!canAdd) {
        toast.error(t('pos.noPermissionAdd'));
        return;
      }
      const choice = onlyVariant(product);
      if (choice === null && product.stock > 0) setPicking(product);
      else addChosen(product, choice ?? { size: null, color: null });
    },
    [canAdd, addChosen, t],
  );

  // Stable, so that a cart change redraws only the cards whose quantity changed.
  const addFromGrid = useCallback(
    (product: PosProduct) => {
      add(product);
      // Keep the scanner ready on a counter PC; on touch screens this would pop up the keyboard.
      if (isDesktop) focusSearch();
    },
    [add, isDesktop, focusSearch],
  );

  const changeQuantity = (lineKey: string, quantity: number) => {
    const line = latest.current.lines.find((l) => keyOf(l) === lineKey);
    if (line && quantity > line.quantity && !permissions.add) {
      toast.error(t('pos.noPermissionAdd'));
      return;
    }
    const { notice } = update((current) => setQuantity(current, lineKey, quantity));
    if (notice) {
      const text = cartNoticeText(notice, t);
      toast.warning(text.title, text.description ? { description: text.description } : undefined);
    }
    setPointsError(null);
  };

  const openPayment = () => {
    if (latest.current.lines.length === 0) return;
    if (!permissions.sell) {
      toast.error(t('pos.noPermissionSell'));
      return;
    }
    // Spec 000 §7: settings are read again when a sale is processed.
    void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    createSale.reset();
    setPayment({ error: null, notice: null });
  };

  const refreshAfterRefusal = async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: settingsKeys.all }),
      products.refetch(),
      customers.refetch(),
    ]);
  };

  const confirmPayment = (choice: PaymentChoice) => {
    const current = latest.current;
    const currentFigures = cartFigures(current, pricing);
    if (!currentFigures || createSale.isPending) return;
    const body = buildSaleRequest(current, currentFigures, {
      ...choice,
      replacesSaleId: edit?.originalSaleId ?? null,
      vatApprovalToken: vatApproval?.token ?? null,
    });
    const idempotencyKey = attempt.current.keyFor(body);
    setPayment((p) => (p ? { error: null, notice: null } : p));
    createSale.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (result) => {
          attempt.current.reset();
          reset();
          setVatApproval(null);
          setPointsError(null);
          catalogueRef.current?.clearSearch();
          setPayment(null);
          setDrawerOpen(false);
          setReceipt(result.sale);
          const amount = formatBaht(result.total);
          if (result.paymentMethod === 'cash') {
            toast.success(t('pos.cashSaleSaved'), {
              description: t('pos.cashSaleSavedMessage', {
                amount,
                change: formatBaht(result.sale.payment.change ?? 0),
              }),
            });
          } else if (result.paymentMethod === 'promptpay') {
            toast.success(t('pos.promptpaySaleSaved'), { description: t('pos.saleSavedMessage', { amount }) });
          } else {
            toast.success(t('pos.saleSaved'), { description: t('pos.saleSavedMessage', { amount }) });
          }
          if (edit) void navigate(location.pathname, { replace: true, state: null });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'TOTALS_CHANGED') {
            const server = serverFiguresOf(error);
            const notice = totalsChangedText(server?.total ?? null, t);
            toast.warning(t('pos.totalsChangedTitle'), { description: notice });
            setPayment((p) => (p ? { error: null, notice } : p));
            void refreshAfterRefusal();
            return;
          }
          if (error instanceof ApiError && VAT_APPROVAL_CODES.has(error.code)) {
            set((c) => setExcludeVat(c, false));
            setVatApproval(null);
            toast.error(t('pos.saleFailed'), { description: t('pos.vatApprovalExpired') });
            setPayment(null);
            void queryClient.refetchQueries({ queryKey: settingsKeys.all });
            return;
          }
          const text = saleErrorText(error, t);
          toast.error(text.title, text.description ? { description: text.description } : undefined);
          const inline = text.description ? `${text.title}: ${text.description}` : text.title;
          setPayment((p) => (p ? { ...p, error: inline } : p));
          if (error instanceof ApiError && RELOAD_PRODUCTS_CODES.has(error.code)) void refreshAfterRefusal();
        },
      },
    );
  };

  const selectCustomer = (id: number | null) => {
    set((current) => setCustomer(current, id));
    setPointsError(null);
  };

  const openCustomerDialog = () => {
    if (!permissions.addCustomer) {
      toast.error(t('pos.noPermissionAddCustomer'));
      return;
    }
    setCustomerDialogOpen(true);
  };

  // Stable, so that a key typed in the search box does not redraw the (memoised) cart panel.
  const cartHandlers = useStableHandlers({
    onSelectCustomer: selectCustomer,
    onAddCustomer: openCustomerDialog,
    onQuantity: changeQuantity,
    onRemove: (lineKey: string) => {
      set((current) => removeLine(current, lineKey));
      setPointsError(null);
    },
    onClear: () => {
      set((current) => ({ ...current, lines: [], pointsInput: '', pointsUsed: 0, excludeVat: false }));
      setPointsError(null);
    },
    onExcludeVat: (excluded: boolean) => {
      // Each exclusion is approved afresh: an approval is used by one sale only.
      if (excluded && vatNeedsApproval) {
        setVatApprovalOpen(true);
        return;
      }
      if (!excluded) setVatApproval(null);
      set((current) => setExcludeVat(current, excluded));
    },
    onPointsInput: (text: string) => {
      set((current) => setPointsInput(current, text));
      setPointsError(null);
    },
    onApplyPoints: () => {
      const { error } = update((current) => applyPoints(current, selectedCustomer, pricing));
      setPointsError(error ? pointsErrorText(error, t) : null);
    },
    onCancelPoints: () => {
      set(cancelPoints);
      setPointsError(null);
    },
    onPay: openPayment,
  });
  const cartPanelProps = {
    cart,
    figures,
    pricing,
    customers: customerList,
    selectedCustomer,
    pointsError,
    vatNeedsApproval,
    vatApprovedBy: vatApproval?.approverName ?? null,
    ...cartHandlers,
  };

  const catalogueHandlers = useStableHandlers({
    onScan: add,
    onEmptyEnter: openPayment,
    onRetry: () => void products.refetch(),
  });

  return (
    <div className="pb-24 lg:pb-0">
      <h1 className="sr-only">{t('screens.pos')}</h1>
      {edit ? (
        <EditModeBanner edit={edit} onCancel={() => void navigate(location.pathname, { replace: true, state: null })} />
      ) : null}

      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start lg:gap-6">
        <section aria-label={t('pos.productsLabel')} className="min-w-0 space-y-4">
          <PosCatalogue
            ref={catalogueRef}
            searchRef={searchRef}
            status={products.status}
            error={products.error}
            retrying={products.isFetching}
            catalogue={catalogue}
            categoryNames={categoryNames}
            inCart={inCart}
            canCreateProducts={permissions.createProducts}
            onAdd={addFromGrid}
            {...catalogueHandlers}
          />
        </section>

        {isDesktop ? (
          <aside className="sticky top-24 flex h-[calc(100dvh-7rem)] min-h-[32rem] flex-col">
            <CartPanel {...cartPanelProps} className="h-full shadow-sm" />
          </aside>
        ) : null}
      </div>

      {!isDesktop ? (
        <>
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            data-testid="pos-cart-button"
            className="fixed right-4 bottom-4 z-30 flex min-h-14 cursor-pointer items-center gap-3 rounded-full bg-blue-600 py-2 pr-5 pl-4 text-white shadow-lg shadow-blue-900/30 hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            {/* The name starts with what the badge shows in words, then the visible total (WCAG 2.5.3). */}
            <span className="sr-only">{t('pos.openCart', { count: count.toLocaleString('th-TH') })}</span>
            <span className="relative" aria-hidden>
              <ShoppingCart className="size-7" />
              <span
                className={cn(
                  'absolute -top-2 -right-3 flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-bold tabular-nums',
                  count > 0 ? 'bg-red-600 text-white' : 'bg-white text-blue-700',
                )}
              >
                {count.toLocaleString('th-TH')}
              </span>
            </span>
            <span className="text-lg font-bold tabular-nums">{formatSatang(figures?.total ?? 0)}</span>
          </button>
          <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className={overlayClasses} />
              <DialogPrimitive.Content
                aria-describedby={undefined}
                // Escape in the open customer list closes that list, not the drawer.
                onEscapeKeyDown={(event) => {
                  if (
                    event.target instanceof Element &&
                    event.target.closest('[role="combobox"][aria-expanded="true"]')
                  ) {
                    event.preventDefault();
                  }
                }}
                className="fixed inset-y-0 right-0 z-50 flex w-full max-w-[420px] flex-col bg-slate-100 p-2 shadow-xl focus:outline-none data-[state=open]:animate-[pos-drawer-in_200ms_ease-out]"
              >
                <DialogPrimitive.Title className="sr-only">{t('pos.cartTitle')}</DialogPrimitive.Title>
                <CartPanel
                  {...cartPanelProps}
                  className="h-full"
                  headerAction={
                    <DialogPrimitive.Close asChild>
                      <Button variant="ghost" size="icon" aria-label={t('pos.closeCart')}>
                        <X aria-hidden />
                      </Button>
                    </DialogPrimitive.Close>
                  }
                />
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
        </>
      ) : null}

      {showDialogs ? (
        <>
          <Suspense fallback={null}>
            {payment ? (
              <PaymentDialog
                open
                total={figures?.total ?? 0}
                availability={availability}
                settingsError={settings.isError ? errorMessage(settings.error, t('payment.settingsLoadError')) : null}
                settingsStale={known.stale}
                settingsLoading={settings.isPending}
                onRetrySettings={() => void settings.refetch()}
                canOpenSettings={permissions.settings}
                pending={createSale.isPending}
                error={payment.error}
                notice={payment.notice}
                onConfirm={confirmPayment}
                onClose={() => setPayment(null)}
              />
            ) : null}
          </Suspense>

          <Suspense fallback={null}>
            <CustomerDialog
              open={customerDialogOpen}
              onClose={() => setCustomerDialogOpen(false)}
              onSaved={(customer, mode) => {
                if (mode === 'create') selectCustomer(customer.id);
              }}
              successToast={(customer) => ({
                title: t('pos.customerAdded'),
                description: t('pos.customerAddedMessage', { name: customer.name }),
              })}
              existingCustomer={{
                label: (name) => t('customerDialog.selectExisting', { name }),
                // The number is already a customer: sell to them (another till may have added them just now).
                open: (id) => {
                  selectCustomer(id);
                  setCustomerDialogOpen(false);
                  if (!customerList.some((c) => c.id === id)) void customers.refetch();
                },
              }}
            />
          </Suspense>

          <Suspense fallback={null}>
            <VatApprovalDialog
              open={vatApprovalOpen}
              onCancel={() => setVatApprovalOpen(false)}
              onApproved={(approval) => {
                setVatApproval({ token: approval.approvalToken, approverName: approval.approvedBy.name });
                set((current) => setExcludeVat(current, true));
                setVatApprovalOpen(false);
                toast.success(t('pos.vatApprovalGranted', { name: approval.approvedBy.name }));
              }}
            />
          </Suspense>

          <Suspense fallback={null}>
            <VariantPickerDialog
              product={picking}
              onPick={(product, choice) => {
                setPicking(null);
                addChosen(product, choice);
              }}
              onCancel={() => setPicking(null)}
              onCloseAutoFocus={(event) => {
                // Back to the search box so the next scan lands there (on touch screens it would pop up the keyboard).
                if (!isDesktop) return;
                event.preventDefault();
                focusSearch();
              }}
            />
          </Suspense>

          <Suspense fallback={null}>
            <ReceiptDialog
              sale={receipt}
              showPaymentSummary
              onClose={() => setReceipt(null)}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                focusSearch();
              }}
            />
          </Suspense>
        </>
      ) : null}
    </div>
  );
}
