import { type Customer, type Sale, type TaxInvoice } from '@pos/core';
import { UserCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BranchField } from '../../components/form/branch-field';
import { TextAreaField, TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { SearchInput } from '../../components/ui/search-input';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { customersApi, customerKeys, useCustomers } from '../customers/customers.queries';
import { useDocumentPrint } from '../printing/document-print';
import { PRINTING_CLASS } from '../receipt/print-document';
import { saleKeys, salesApi } from '../pos/pos.queries';
import { storeIdentity, useStoreSettings } from '../settings/settings.queries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buyerFromCustomer,
  EMPTY_BUYER,
  hasTaxDetails,
  TAX_INVOICE_FORM_FIELDS,
  TaxInvoiceForm,
  taxInvoiceRequest,
  type TaxInvoiceFormOutput,
} from './tax-invoice-form';
import { TaxInvoiceFiles } from './tax-invoice-files';
import { useTaxInvoicePrint } from './tax-invoice-print';
import { taxDocumentPath, useIssueTaxInvoice, useTaxInvoice } from './tax-invoice.queries';

export interface TaxInvoiceDialogProps {
  sale: Sale;
  onClose: () => void;
  /** After an invoice was issued (the till's receipt dialog then names it). */
  onIssued?: (invoice: TaxInvoice) => void;
}

/**
 * "ใบกำกับภาษีเต็มรูป" (issue 36): a sale without one gets the buyer's form (picked from the customers in one
 * click, or typed), then the issued invoice to print; a sale with one shows it to print. Keyboard only: Tab
 * through the fields, Enter issues, Esc closes.
 */
export function TaxInvoiceDialog({ sale, onClose, onIssued }: TaxInvoiceDialogProps) {
  const t = useT();
  const [invoiceId, setInvoiceId] = useState<number | null>(sale.tax_invoice_id);
  const [notice, setNotice] = useState<string | null>(null);
  const existing = useTaxInvoice(invoiceId);
  const settings = useStoreSettings();
  const { logoUrl } = storeIdentity(settings.data);
  const invoice = existing.data ?? null;
  const { view, print, paper } = useTaxInvoicePrint(invoice, logoUrl);
  // The roll goes to this device's till printer when it has one; A4 stays with the browser.
  const printing = useDocumentPrint({
    target: { kind: 'tax_invoice', saleId: sale.id },
    onBrowserPrint: print,
    direct: paper === 'roll',
    autoFocus: true,
    disabled: !invoice,
    testId: 'tax-invoice-print-button',
  });

  // Never leave the app hidden if the dialog goes away mid-print.
  useEffect(() => () => document.body.classList.remove(PRINTING_CLASS), []);

  const showing = invoiceId !== null;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className={showing ? 'flex max-w-md flex-col overflow-hidden' : 'max-w-lg'}
        data-testid="tax-invoice-dialog"
      >
        <DialogHeader>
          <DialogTitle>
            {invoice ? t('taxInvoice.printTitle', { number: invoice.number }) : t('taxInvoice.dialogTitle')}
          </DialogTitle>
          <DialogDescription>
            {showing
              ? t('taxInvoice.printDescription', { number: sale.document_number })
              : t('taxInvoice.dialogDescription', { number: sale.document_number })}
          </DialogDescription>
        </DialogHeader>
        {showing ? (
          <>
            {notice ? <ErrorAlert>{notice}</ErrorAlert> : null}
            {existing.isError ? (
              <ErrorAlert>{errorMessage(existing.error, t('taxInvoice.loadError'))}</ErrorAlert>
            ) : invoice ? (
              <>
                <EmailStatus invoice={invoice} />
                <TaxInvoiceFiles documentPath={taxDocumentPath(invoice.id)} number={invoice.number} />
                {view}
                {printing.status}
              </>
            ) : (
              <div className="flex justify-center py-8">
                <Spinner />
              </div>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
              {printing.browserButton}
              {printing.printButton}
            </DialogFooter>
          </>
        ) : (
          <BuyerForm
            sale={sale}
            onCancel={onClose}
            onIssued={(issued) => {
              onIssued?.(issued);
              setInvoiceId(issued.id);
            }}
            onExists={(id, message) => {
              setNotice(message);
              setInvoiceId(id);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Where the e-Tax e-mail stands, when the buyer gave an address and the shop sends them. */
function EmailStatus({ invoice }: { invoice: TaxInvoice }) {
  const t = useT();
  const email = invoice.email;
  if (!email) return null;
  const text =
    email.status === 'sent'
      ? t('taxInvoice.emailSent', { to: email.to })
      : email.status === 'failed'
        ? t('taxInvoice.emailFailed', { to: email.to, reason: email.lastError ?? '' })
        : t('taxInvoice.emailQueued', { to: email.to });
  return (
    <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
      {text}
    </p>
  );
}

function BuyerForm({
  sale,
  onCancel,
  onIssued,
  onExists,
}: {
  sale: Sale;
  onCancel: () => void;
  onIssued: (invoice: TaxInvoice) => void;
  onExists: (invoiceId: number, message: string) => void;
}) {
  const t = useT();
  const settings = useStoreSettings();
  // A copy of the settings kept before e-Tax existed has no `etax`: off.
  const etaxEnabled = settings.data?.etax?.enabled === true;
  const issue = useIssueTaxInvoice();
  const queryClient = useQueryClient();
  const { form, control, serverError, submit, fail, reset } = useFormDialog({
    schema: TaxInvoiceForm,
    defaultValues: { buyer: EMPTY_BUYER },
    serverFields: TAX_INVOICE_FORM_FIELDS,
    errorFallback: t('taxInvoice.issueError'),
    mode: 'onTouched',
  });
  const [picked, setPicked] = useState<Customer | null>(null);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const [save, setSave] = useState(false);

  // The sale's own customer, if any: its details are filled in at once.
  const ownCustomer = useQuery({
    queryKey: customerKeys.detail(sale.customer_id ?? 0),
    queryFn: ({ signal }) => customersApi.get(sale.customer_id ?? 0, signal),
    enabled: sale.customer_id !== null,
  });
  const prefilled = useRef(false);
  useEffect(() => {
    const customer = ownCustomer.data;
    if (!customer || prefilled.current || form.formState.isDirty) return;
    prefilled.current = true;
    fill(customer);
    // fill is stable in effect: it only sets form values and local state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ownCustomer.data]);

  function fill(customer: Customer) {
    const buyer = buyerFromCustomer(customer);
    reset({ buyer });
    setPicked(customer);
    setFilledFrom(customer.name);
    setSave(false);
  }

  const target = picked ?? ownCustomer.data ?? null;

  const onValid = (values: TaxInvoiceFormOutput) => {
    const body = taxInvoiceRequest(values.buyer, { etaxEnabled, saveTo: save && target ? target.id : null });
    issue.mutate(
      { saleId: sale.id, body },
      {
        onSuccess: (invoice) => {
          toast.success(t('taxInvoice.issued'), {
            description: t('taxInvoice.issuedMessage', { number: invoice.number }),
          });
          onIssued(invoice);
        },
        onError: async (error) => {
          // Issued already (here or at another till): the answer leads to that invoice.
          if (error instanceof ApiError && error.code === 'TAX_INVOICE_EXISTS') {
            const message = errorMessage(error, t('taxInvoice.issueError'));
            try {
              const fresh = await salesApi.get(sale.id);
              queryClient.setQueryData(saleKeys.detail(sale.id), fresh);
              void queryClient.invalidateQueries({ queryKey: saleKeys.all });
              if (fresh.tax_invoice_id !== null) {
                onExists(fresh.tax_invoice_id, message);
                return;
              }
            } catch {
              // Shown as a refusal below.
            }
          }
          fail(error);
        },
      },
    );
  };

  const pending = issue.isPending;
  return (
    <form onSubmit={submit(onValid)} noValidate className="space-y-4">
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <CustomerPick onPick={fill} />
      {filledFrom ? (
        <p role="status" className="flex items-center gap-2 text-sm text-green-800">
          <UserCheck className="size-4" aria-hidden />
          {t('taxInvoice.filledFrom', { name: filledFrom })}
        </p>
      ) : null}
      <TextField
        control={control}
        name="buyer.name"
        id="tax-invoice-name"
        label={t('taxInvoice.fieldName')}
        autoComplete="off"
      />
      <TextAreaField
        control={control}
        name="buyer.address"
        id="tax-invoice-address"
        label={t('taxInvoice.fieldAddress')}
        hint={t('taxInvoice.fieldAddressHint')}
        rows={3}
      />
      <TextField
        control={control}
        name="buyer.taxId"
        id="tax-invoice-tax-id"
        label={t('taxInvoice.fieldTaxId')}
        hint={t('taxInvoice.fieldTaxIdHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        className="max-w-xs"
      />
      <BranchField
        control={control}
        name="buyer.branch"
        id="tax-invoice-branch"
        label={t('taxInvoice.fieldBranch')}
        headOfficeLabel={t('taxInvoice.headOffice')}
        branchLabel={t('taxInvoice.branch')}
        numberLabel={t('taxInvoice.fieldBranchNumber')}
      />
      {etaxEnabled ? (
        <TextField
          control={control}
          name="buyer.email"
          id="tax-invoice-email"
          label={t('taxInvoice.fieldEmail')}
          labelNote={t('common.optional')}
          hint={t('taxInvoice.fieldEmailHint')}
          type="email"
          inputMode="email"
          autoComplete="off"
        />
      ) : null}
      {target ? (
        <div className="flex min-h-11 items-start gap-3 py-1">
          <input
            id="tax-invoice-save"
            type="checkbox"
            checked={save}
            onChange={(event) => setSave(event.target.checked)}
            aria-describedby="tax-invoice-save-hint"
            className="mt-1 size-5 shrink-0 cursor-pointer accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          />
          <div className="min-w-0 space-y-0.5">
            <label htmlFor="tax-invoice-save" className="cursor-pointer text-sm font-medium text-slate-900">
              {t('taxInvoice.saveToCustomer', { name: target.name })}
            </label>
            <p id="tax-invoice-save-hint" className="text-sm text-slate-500">
              {t('taxInvoice.saveToCustomerHint')}
            </p>
          </div>
        </div>
      ) : null}
      <DialogFormFooter pending={pending} submitLabel={t('taxInvoice.submit')} onCancel={onCancel} />
    </form>
  );
}

/**
 * "Pick a customer": a search box and the matching customers, each one button; Enter in the box takes the first.
 * A customer with saved tax details says so (one click fills everything).
 */
function CustomerPick({ onPick }: { onPick: (customer: Customer) => void }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 250).trim();
  const customers = useCustomers(term);
  const found = term === '' ? [] : (customers.data ?? []).slice(0, 5);
  const pick = (customer: Customer) => {
    onPick(customer);
    setSearch('');
  };
  return (
    <section aria-labelledby="tax-invoice-pick-title" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 id="tax-invoice-pick-title" className="text-sm font-medium text-slate-900">
        {t('taxInvoice.pickCustomer')}
      </h3>
      <SearchInput
        id="tax-invoice-pick"
        label={t('taxInvoice.pickCustomerSearch')}
        hint={t('taxInvoice.pickCustomerHint')}
        placeholder={t('taxInvoice.pickCustomerSearch')}
        value={search}
        onValueChange={setSearch}
        autoComplete="off"
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // Enter here picks the first match; it must not issue the invoice.
          event.preventDefault();
          const first = found[0];
          if (first) pick(first);
        }}
      />
      {term !== '' && customers.isSuccess && found.length === 0 ? (
        <p className="text-sm text-slate-600">{t('taxInvoice.pickCustomerNone')}</p>
      ) : null}
      {found.length > 0 ? (
        <ul className="space-y-1" data-testid="tax-invoice-customers">
          {found.map((customer) => (
            <li key={customer.id}>
              <Button
                variant="outline"
                className="h-auto w-full justify-start py-2 text-left"
                aria-label={t('taxInvoice.pickCustomerUse', { name: customer.name })}
                onClick={() => pick(customer)}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{customer.name}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {hasTaxDetails(customer)
                      ? t('taxInvoice.pickCustomerTaxId', { taxId: customer.tax_id ?? '' })
                      : t('taxInvoice.pickCustomerNoTax')}
                  </span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
