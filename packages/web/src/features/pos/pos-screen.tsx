import {
  can,
  DEFAULT_CATEGORIES,
  pricingSettingsOf,
  onlyVariant,
  type CardSaleFlag,
  type Customer,
  type PaymentMethod,
  type PosProduct,
  type PosVariant,
  type Sale,
  type VariantChoice,
  type VatExclusionApprovalResponse,
} from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { useDialogs } from '../../components/dialogs/dialogs-provider';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useStableHandlers } from '../../lib/use-stable-handlers';
import { whenIdle } from '../../lib/when-idle';
import type { CustomerDialogMode } from '../customers/customer-dialog';
import { useCustomers } from '../customers/customers.queries';
import { useProductCategoryNames } from '../products/products.queries';
import { lastKnownSettings, settingsKeys, settingsReadJustNow, useStoreSettings } from '../settings/settings.queries';
import {
  addProduct,
  applyPoints,
  cancelPoints,
  cartFigures,
  keyOf,
  removeLine,
  setCustomer,
  setExcludeVat,
  setPointsInput,
  setQuantity,
  syncProducts,
  type CartProduct,
} from './cart';
import { catalogueOf, type CodeMatch } from './catalogue';
import { cartOfEdit, parseEditState } from './edit-mode';
import { EditModeBanner } from './edit-mode-banner';
import {
  CustomerDialog,
  PaymentDialog,
  preloadPosDialogs,
  ReceiptDialog,
  VariantPickerDialog,
  VatApprovalDialog,
} from './pos-dialogs';
import { usePosProducts } from './pos.queries';
import { cartNoticeText, pointsErrorText } from './pos-messages';
import type { PosCatalogueHandle } from './pos-catalogue';
import { useCartSelector, useCartStore } from './use-cart';
import { CatalogueWithCart, PosCart } from './pos-cart';
import { CustomerDisplayButton } from './customer-display-dialog';
import { CustomerDisplaySync, syncsCustomerDisplay } from './customer-display-sync';
import { useCardReturn } from './use-card-return';
import { useCheckout } from './use-checkout';
import { useOfflineSeller } from '../offline/use-offline-seller';
import { CardFlagsNotice } from '../payments/card-flags-notice';
import { paymentAvailability } from '../payments/payment-availability';
import { useScannerFocus } from './use-scanner-focus';
import { PosShiftBar, usePosShift } from '../shifts/pos-shift-bar';
import { printOfflineReceipt } from '../printing/offline-receipt-print';
import { useTillPrinterAt } from '../printing/till-printer-context';
import { TillPrinterControl } from '../printing/till-printer-control';

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
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const posShift = usePosShift(can(me.role, 'shift_operate'));
  const cartStore = useCartStore();
  const { update, set, reset, latest } = cartStore;

  const [pointsError, setPointsError] = useState<string | null>(null);
  const [customerDialogOpen, setCustomerDialogOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [receipt, setReceipt] = useState<Sale | null>(null);
  // The customer display (issue 37): whether this browser keeps its till's display up to date, and the method
  // the payment dialog is on (a PromptPay QR shows on the display too).
  const [displaySynced, setDisplaySynced] = useState(false);
  const [payingMethod, setPayingMethod] = useState<PaymentMethod | null>(null);
  const displaySyncing = useMemo(
    () => displaySynced || syncsCustomerDisplay(posShift.tillId),
    [displaySynced, posShift.tillId],
  );
  /** What was flagged on the last card sale (null: nothing to tell). */
  const [cardFlags, setCardFlags] = useState<readonly CardSaleFlag[] | null>(null);
  const [vatApproval, setVatApproval] = useState<{ token: string; approverName: string } | null>(null);
  const [vatApprovalOpen, setVatApprovalOpen] = useState(false);
  /** The product whose size and colour are being asked. */
  const [picking, setPicking] = useState<CartProduct | null>(null);
  /** Whether the dialogs' code is wanted yet: once the till is usable, or when one opens first. */
  const [dialogsWanted, setDialogsWanted] = useState(false);
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
  // The till's USB or serial printer at this PC (issue 37; the app's layout runs what prints on it).
  const tillPrinter = useTillPrinterAt(posShift.tillId);
  const pricing = useMemo(() => pricingSettingsOf(known.settings), [known.settings]);
  const vatNeedsApproval = known.settings?.system.vatExclusionNeedsApproval ?? false;
  const productList = useMemo(() => products.data ?? [], [products.data]);
  const customerList = useMemo(() => customers.data ?? [], [customers.data]);
  const categoryNames: readonly string[] = categories.data?.length
    ? categories.data
    : settings.data?.categories.length
      ? settings.data.categories
      : DEFAULT_CATEGORIES;
  const catalogue = useMemo(() => catalogueOf(productList), [productList]);
  const availability = known.settings
    ? paymentAvailability(known.settings.payment, {
        cardServerReady: known.settings.payment.stripeSecretConfigured,
      })
    : null;

  const focusSearch = useCallback(() => searchRef.current?.focus(), []);

  // Spec 000 §7: settings are read again whenever the POS opens; a read under way or just made (the
  // page's boot read on a cold load) is that read, not asked twice on the way to a usable till.
  useEffect(() => {
    if (!settingsReadJustNow(queryClient.getQueryState(settingsKeys.store))) {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    }
  }, [queryClient]);

  // Spec 000 §8: a failed load says so in a dialog; the lists fall back to empty.
  // With a retry that asks again for what failed.
  const loadFailed = products.isError || customers.isError;
  const loadRetry = useStableHandlers({
    retry: () => {
      if (products.isError) void products.refetch();
      if (customers.isError) void customers.refetch();
    },
  }).retry;
  useEffect(() => {
    if (loadFailed) {
      dialogs.showError({ title: t('pos.loadErrorTitle'), message: t('pos.loadError'), onRetry: loadRetry });
    }
  }, [loadFailed, dialogs, t, loadRetry]);

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

  // The dialogs load after the product list is drawn, when the till is idle: their code and first
  // render (~100 ms at 4× CPU) would otherwise hold up the first keys typed into a usable search box.
  const listSettled = !products.isPending;
  useEffect(() => {
    if (!listSettled || dialogsWanted) return;
    return whenIdle(() => {
      preloadPosDialogs();
      setDialogsWanted(true);
    });
  }, [listSettled, dialogsWanted]);

  // An edit starts from the original sale's lines and customer, once the lists are fresh (the edit's
  // refund has just put its stock back); marked in the history entry so a reload keeps later changes.
  const editReady = products.isSuccess && !products.isFetching && customers.isSuccess;
  useEffect(() => {
    if (!edit || edit.seeded || !editReady) return;
    const customerIds = new Set(customerList.map((c) => c.id));
    const { notices } = update(() => cartOfEdit(edit, productList, customerIds));
    for (const notice of notices) {
      const text = cartNoticeText(notice, t);
      toast.warning(text.title, text.description ? { description: text.description } : undefined);
    }
    void navigate(location.pathname, {
      replace: true,
      state: { ...(location.state as Record<string, unknown>), editSeeded: true },
    });
  }, [edit, editReady, productList, customerList, update, navigate, location.pathname, location.state, t]);

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
   * with several sizes or colours first asks which (one of each is taken as is); a variant's own
   * code (a scan) adds that variant at once.
   */
  const canAdd = permissions.add;
  const add = useCallback(
    (product: PosProduct, variant: PosVariant | null = null) => {
      if (!canAdd) {
        toast.error(t('pos.noPermissionAdd'));
        return;
      }
      const choice = variant ? { size: variant.size, color: variant.color } : onlyVariant(product);
      if (choice === null && product.stock > 0) setPicking(product);
      else addChosen(product, choice ?? { size: null, color: null });
    },
    [canAdd, addChosen, t],
  );
  const addScanned = useCallback((match: CodeMatch<PosProduct>) => add(match.product, match.variant), [add]);

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

  const closeReceipt = useCallback(() => setReceipt(null), []);
  useScannerFocus(searchRef, { open: receipt !== null, close: closeReceipt });

  // Issue 38: when the server cannot be reached, cash, transfer and PromptPay sales are made here.
  const offlineSeller = useOfflineSeller(posShift.tillId);
  const tillName = posShift.till.till?.name ?? null;
  const checkout = useCheckout({
    store: cartStore,
    latest,
    set,
    reset,
    pricing,
    canSell: permissions.sell,
    replacesSaleId: edit?.originalSaleId ?? null,
    vatApprovalToken: vatApproval?.token ?? null,
    tillId: posShift.tillId,
    onShiftRequired: posShift.requestOpenShift,
    reloadLists: () => Promise.all([products.refetch(), customers.refetch()]),
    onSold: (sale) => {
      offlineSeller.keep(sale);
      setVatApproval(null);
      setPointsError(null);
      catalogueRef.current?.clearSearch();
      setDrawerOpen(false);
      setReceipt(sale);
      if (edit) void navigate(location.pathname, { replace: true, state: null });
    },
    onVatApprovalLost: () => setVatApproval(null),
    sellOffline: offlineSeller.available
      ? async (body, offlineId, at) => {
          const sale = await offlineSeller.sell(body, offlineId, at, {
            pricing,
            settings: known.settings,
            till: posShift.tillId !== null && tillName !== null ? { id: posShift.tillId, name: tillName } : null,
          });
          // Its receipt prints by itself on the till's USB or serial printer, as an online sale's does.
          printOfflineReceipt(sale, known.settings, tillPrinter);
          return sale;
        }
      : undefined,
  });
  const payment = checkout.payment;
  const keepSale = offlineSeller.keep;
  const showCardSale = useCallback(
    (sale: Sale, flags: readonly CardSaleFlag[]) => {
      keepSale(sale);
      setCardFlags(flags.length > 0 ? flags : null);
      setVatApproval(null);
      setPointsError(null);
      setDrawerOpen(false);
      setReceipt(sale);
    },
    [keepSale],
  );
  const cardReturn = useCardReturn({ set, reset, onSold: showCardSale });
  const showDialogs =
    dialogsWanted || payment !== null || customerDialogOpen || vatApprovalOpen || picking !== null || receipt !== null;

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
      const { error } = update((current) =>
        applyPoints(current, customerList.find((c) => c.id === current.customerId) ?? null, pricing),
      );
      setPointsError(error ? pointsErrorText(error, t) : null);
    },
    onCancelPoints: () => {
      set(cancelPoints);
      setPointsError(null);
    },
    onPay: checkout.open,
  });
  const vatApprovedBy = vatApproval?.approverName ?? null;
  // Only while the payment dialog is open: the total it asks for (a number, so a scan redraws nothing here).
  const payTotal = useCartSelector(cartStore, (current) => (payment ? (cartFigures(current, pricing)?.total ?? 0) : 0));

  // Stable, so that the closed dialogs (memoised) are not redrawn with every cart change (a scan's frame).
  const dialogHandlers = useStableHandlers({
    closeCustomerDialog: () => setCustomerDialogOpen(false),
    customerSaved: (customer: Customer, mode: CustomerDialogMode) => {
      if (mode === 'create') selectCustomer(customer.id);
    },
    customerToast: (customer: Customer) => ({
      title: t('pos.customerAdded'),
      description: t('pos.customerAddedMessage', { name: customer.name }),
    }),
    existingCustomerLabel: (name: string) => t('customerDialog.selectExisting', { name }),
    // The number is already a customer: sell to them (another till may have added them just now).
    openExistingCustomer: (id: number) => {
      selectCustomer(id);
      setCustomerDialogOpen(false);
      if (!customerList.some((c) => c.id === id)) void customers.refetch();
    },
    cancelVatApproval: () => setVatApprovalOpen(false),
    vatApproved: (approval: VatExclusionApprovalResponse) => {
      setVatApproval({ token: approval.approvalToken, approverName: approval.approvedBy.name });
      set((current) => setExcludeVat(current, true));
      setVatApprovalOpen(false);
      toast.success(t('pos.vatApprovalGranted', { name: approval.approvedBy.name }));
    },
    pickVariant: (product: CartProduct, choice: VariantChoice) => {
      setPicking(null);
      addChosen(product, choice);
    },
    cancelPick: () => setPicking(null),
    pickerCloseAutoFocus: (event: Event) => {
      // Back to the search box so the next scan lands there (on touch screens it would pop up the keyboard).
      if (!isDesktop) return;
      event.preventDefault();
      focusSearch();
    },
    receiptCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      focusSearch();
    },
  });
  const existingCustomer = useMemo(
    () => ({ label: dialogHandlers.existingCustomerLabel, open: dialogHandlers.openExistingCustomer }),
    [dialogHandlers],
  );

  const catalogueHandlers = useStableHandlers({
    onScan: addScanned,
    onEmptyEnter: checkout.open,
    onRetry: () => void products.refetch(),
  });
  // The cart as a side panel (desktop) or a drawer (phones): the same cart either way.
  const cartProps = {
    store: cartStore,
    pricing,
    customers: customerList,
    pointsError,
    vatNeedsApproval,
    vatApprovedBy,
    handlers: cartHandlers,
  };

  return (
    <div className="pb-24 lg:pb-0">
      <h1 className="sr-only">{t('screens.pos')}</h1>
      {cardReturn.confirming ? (
        <p
          role="status"
          className="mb-3 flex items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900"
        >
          <Spinner />
          {t('payments.cardConfirming')}
        </p>
      ) : null}
      {cardFlags ? <CardFlagsNotice flags={cardFlags} onDismiss={() => setCardFlags(null)} /> : null}
      {edit ? (
        <EditModeBanner edit={edit} onCancel={() => void navigate(location.pathname, { replace: true, state: null })} />
      ) : null}

      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start lg:gap-6">
        <section aria-label={t('pos.productsLabel')} className="min-w-0 space-y-4">
          {/* Above the products, not the whole screen: the desktop cart keeps its full height, pay button in view. */}
          <PosShiftBar
            pos={posShift}
            settings={known.settings}
            tillActions={(till) => (
              <>
                {tillPrinter?.tillId === till.id ? <TillPrinterControl printer={tillPrinter} /> : null}
                <CustomerDisplayButton till={till} onSyncChange={setDisplaySynced} />
              </>
            )}
          />
          {displaySyncing && posShift.tillId !== null ? (
            <CustomerDisplaySync
              tillId={posShift.tillId}
              store={cartStore}
              pricing={pricing}
              paying={payment ? { method: payingMethod } : null}
              sold={receipt}
            />
          ) : null}
          <CatalogueWithCart
            cartStore={cartStore}
            ref={catalogueRef}
            searchRef={searchRef}
            status={products.status}
            error={products.error}
            retrying={products.isFetching}
            catalogue={catalogue}
            categoryNames={categoryNames}
            canCreateProducts={permissions.createProducts}
            onAdd={addFromGrid}
            {...catalogueHandlers}
          />
        </section>

        {isDesktop ? (
          <aside className="sticky top-24 flex h-[calc(100dvh-7rem)] min-h-[32rem] flex-col">
            <PosCart {...cartProps} />
          </aside>
        ) : null}
      </div>

      {!isDesktop ? <PosCart {...cartProps} drawer={{ open: drawerOpen, onOpenChange: setDrawerOpen }} /> : null}

      {showDialogs ? (
        <>
          <Suspense fallback={null}>
            {payment ? (
              <PaymentDialog
                open
                total={payTotal}
                availability={availability}
                settingsError={settings.isError ? errorMessage(settings.error, t('payment.settingsLoadError')) : null}
                settingsStale={known.stale}
                settingsLoading={settings.isPending}
                onRetrySettings={() => void settings.refetch()}
                canOpenSettings={permissions.settings}
                pending={checkout.pending}
                error={payment.error}
                notice={payment.notice}
                onConfirm={checkout.confirm}
                onClose={checkout.close}
                onMethodShown={setPayingMethod}
                offline={!offlineSeller.online}
              />
            ) : null}
          </Suspense>

          <Suspense fallback={null}>
            <CustomerDialog
              open={customerDialogOpen}
              onClose={dialogHandlers.closeCustomerDialog}
              onSaved={dialogHandlers.customerSaved}
              successToast={dialogHandlers.customerToast}
              existingCustomer={existingCustomer}
            />
          </Suspense>

          <Suspense fallback={null}>
            <VatApprovalDialog
              open={vatApprovalOpen}
              onCancel={dialogHandlers.cancelVatApproval}
              onApproved={dialogHandlers.vatApproved}
            />
          </Suspense>

          <Suspense fallback={null}>
            <VariantPickerDialog
              product={picking}
              onPick={dialogHandlers.pickVariant}
              onCancel={dialogHandlers.cancelPick}
              onCloseAutoFocus={dialogHandlers.pickerCloseAutoFocus}
            />
          </Suspense>

          <Suspense fallback={null}>
            <ReceiptDialog
              sale={receipt}
              notSent={receipt !== null && receipt.id === 0}
              showPaymentSummary
              onClose={closeReceipt}
              onCloseAutoFocus={dialogHandlers.receiptCloseAutoFocus}
            />
          </Suspense>
        </>
      ) : null}
    </div>
  );
}
