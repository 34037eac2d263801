import { CreateTaxInvoiceRequest, HEAD_OFFICE_BRANCH, type Customer, type Sale, type TaxInvoice } from '@pos/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CheckboxField } from '../../components/form/checkbox-field';
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
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { downloadBlob } from '../../lib/download';
import { cn } from '../../lib/utils';
import { customerKeys, customersApi } from '../customers/customers.queries';
import { useStoreSettings } from '../settings/settings.queries';
import { taxInvoicesApi, useIssueTaxInvoice, useTaxInvoice } from './tax-invoice.queries';

const TaxInvoiceForm = z.object({
  buyer: z.object({
    name: z.string(),
    address: z.string(),
    taxId: z.string(),
    branch: z.string(),
    email: z.string(),
  }),
  office: z.enum(['head', 'branch']),
  saveToCustomer: z.boolean(),
});
type TaxInvoiceFormValues = z.input<typeof TaxInvoiceForm>;

/** The request the form stands for: the head office is branch 00000; no e-mail is none. */
export function taxInvoiceRequestOf(values: TaxInvoiceFormValues, customerId: number | null): CreateTaxInvoiceRequest {
  return {
    buyer: {
      ...values.buyer,
      branch: values.office === 'head' ? HEAD_OFFICE_BRANCH : values.buyer.branch,
      email: values.buyer.email.trim() === '' ? undefined : values.buyer.email,
    },
    saveToCustomer: customerId !== null && values.saveToCustomer,
  };
}

/** The form's values from a customer's kept tax details (their name and address when none are kept). */
export function valuesFromCustomer(customer: Customer | null): TaxInvoiceFormValues {
  const branch = customer?.tax_branch ?? HEAD_OFFICE_BRANCH;
  return {
    buyer: {
      name: customer?.tax_name ?? customer?.name ?? '',
      address: customer?.address ?? '',
      taxId: customer?.tax_id ?? '',
      branch: branch === HEAD_OFFICE_BRANCH ? '' : branch,
      email: customer?.email ?? '',
    },
    office: branch === HEAD_OFFICE_BRANCH ? 'head' : 'branch',
    saveToCustomer: customer !== null,
  };
}

interface TaxInvoiceDialogProps {
  sale: Sale;
  onClose: () => void;
  /** Told of the invoice once issued (a screen holding the sale as it was answered marks it replaced). */
  onIssued?: (invoice: TaxInvoice) => void;
}

/**
 * A sale's full tax invoice (86/4): the form that issues it in place of the short one, or, once issued, the
 * invoice with its A4 PDF (original and copy) and its e-Tax XML. At the till after payment and in the history.
 */
export function TaxInvoiceDialog({ sale, onClose, onIssued }: TaxInvoiceDialogProps) {
  const [issuedId, setIssuedId] = useState<number | null>(sale.tax_invoice_id);
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="flex max-h-[90dvh] max-w-xl flex-col overflow-y-auto" data-testid="tax-invoice-dialog">
        {issuedId === null ? (
          <IssueForm
            sale={sale}
            onIssued={(invoice) => {
              setIssuedId(invoice.id);
              onIssued?.(invoice);
            }}
            onClose={onClose}
          />
        ) : (
          <IssuedInvoice id={issuedId} sale={sale} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function IssueForm({
  sale,
  onIssued,
  onClose,
}: {
  sale: Sale;
  onIssued: (invoice: TaxInvoice) => void;
  onClose: () => void;
}) {
  const t = useT();
  const issue = useIssueTaxInvoice(sale.id);
  const settings = useStoreSettings();
  const etaxEnabled = settings.data?.etax?.enabled === true;
  const customer = useQuery({
    queryKey: customerKeys.detail(sale.customer_id ?? 0),
    queryFn: ({ signal }) => customersApi.get(sale.customer_id ?? 0, signal),
    enabled: sale.customer_id !== null,
  });
  const schema = useMemo(
    () =>
      TaxInvoiceForm.transform((values) => taxInvoiceRequestOf(values, sale.customer_id)).pipe(CreateTaxInvoiceRequest),
    [sale.customer_id],
  );
  const { form, control, serverError, submit, fail, reset } = useFormDialog({
    schema,
    defaultValues: valuesFromCustomer(null),
    serverFields: ['buyer.name', 'buyer.address', 'buyer.taxId', 'buyer.branch', 'buyer.email'],
    errorFallback: t('taxInvoice.issueFailed'),
  });
  // The sale's customer's kept details fill the form once, as soon as they are known.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !customer.data) return;
    filled.current = true;
    if (!form.formState.isDirty) reset(valuesFromCustomer(customer.data));
  }, [customer.data, form.formState.isDirty, reset]);
  const office = useWatch({ control, name: 'office' });

  const onSubmit = submit((body) => {
    issue.mutate(body, {
      onSuccess: (invoice) => {
        toast.success(t('taxInvoice.issued', { number: invoice.number }));
        onIssued(invoice);
      },
      onError: (error) => {
        fail(error);
      },
    });
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('taxInvoice.title')}</DialogTitle>
        <DialogDescription>{t('taxInvoice.description', { number: sale.document_number })}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        {customer.data?.tax_id ? (
          <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="tax-invoice-prefilled">
            {t('taxInvoice.filledFromCustomer', { name: customer.data.name })}
          </p>
        ) : null}
        <TextField
          control={control}
          name="buyer.name"
          id="tax-invoice-name"
          label={t('taxInvoice.buyerName')}
          autoComplete="organization"
          autoFocus
        />
        <TextAreaField
          control={control}
          name="buyer.address"
          id="tax-invoice-address"
          label={t('taxInvoice.address')}
          rows={3}
        />
        <TextField
          control={control}
          name="buyer.taxId"
          id="tax-invoice-tax-id"
          label={t('taxInvoice.taxId')}
          hint={t('taxInvoice.taxIdHint')}
          inputMode="numeric"
          autoComplete="off"
        />
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-900">{t('taxInvoice.office')}</legend>
          <div className="flex flex-wrap gap-2">
            {(['head', 'branch'] as const).map((choice) => (
              <label
                key={choice}
                htmlFor={`tax-invoice-office-${choice}`}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-blue-600',
                  office === choice ? 'border-blue-600 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-700',
                )}
              >
                <input
                  id={`tax-invoice-office-${choice}`}
                  type="radio"
                  name="office"
                  className="sr-only"
                  checked={office === choice}
                  onChange={() => form.setValue('office', choice)}
                />
                {t(choice === 'head' ? 'taxInvoice.headOffice' : 'taxInvoice.branch')}
              </label>
            ))}
          </div>
        </fieldset>
        {office === 'branch' ? (
          <TextField
            control={control}
            name="buyer.branch"
            id="tax-invoice-branch"
            label={t('taxInvoice.branchNumber')}
            inputMode="numeric"
            maxLength={5}
          />
        ) : null}
        {etaxEnabled ? (
          <TextField
            control={control}
            name="buyer.email"
            id="tax-invoice-email"
            type="email"
            label={t('taxInvoice.email')}
            hint={t('taxInvoice.emailHint')}
            autoComplete="email"
          />
        ) : null}
        {sale.customer_id !== null && customer.data ? (
          <CheckboxField
            control={control}
            name="saveToCustomer"
            id="tax-invoice-save"
            label={t('taxInvoice.saveToCustomer', { name: customer.data.name })}
          />
        ) : null}
        <DialogFormFooter pending={issue.isPending} submitLabel={t('taxInvoice.issue')} onCancel={onClose} />
      </form>
    </>
  );
}

function IssuedInvoice({ id, sale, onClose }: { id: number; sale: Sale; onClose: () => void }) {
  const t = useT();
  const invoice = useTaxInvoice(id);
  const [opening, setOpening] = useState<'pdf' | 'xml' | null>(null);

  const open = async (kind: 'pdf' | 'xml') => {
    setOpening(kind);
    try {
      const file = await taxInvoicesApi.file(id, kind);
      const name = `${invoice.data?.number ?? sale.document_number}.${kind}`;
      if (kind === 'pdf') {
        const url = URL.createObjectURL(file);
        // The browser's PDF viewer prints the A4 original and copy; a blocked window falls back to a download.
        if (!window.open(url, '_blank')) downloadBlob(name, file);
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        downloadBlob(name, file);
      }
    } catch (error) {
      toast.error(t('taxInvoice.fileFailed'), { description: errorMessage(error, t('taxInvoice.fileFailed')) });
    } finally {
      setOpening(null);
    }
  };

  if (invoice.isPending) {
    return (
      <div className="flex items-center gap-2 py-8 text-slate-700" role="status">
        <Spinner /> {t('taxInvoice.loading')}
      </div>
    );
  }
  if (invoice.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{t('taxInvoice.action')}</DialogTitle>
          <DialogDescription>{t('taxInvoice.loadFailed')}</DialogDescription>
        </DialogHeader>
        <ErrorAlert>{errorMessage(invoice.error, t('taxInvoice.loadFailed'))}</ErrorAlert>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('taxInvoice.close')}
          </Button>
        </DialogFooter>
      </>
    );
  }
  const data = invoice.data;
  const email = data.email;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('taxInvoice.issuedTitle', { number: data.number })}</DialogTitle>
        <DialogDescription>
          {t('taxInvoice.issuedDescription', { number: data.replacesNumber, buyer: data.buyer.name })}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="tax-invoice-issued">
        <dt className="text-slate-600">{t('taxInvoice.buyerName')}</dt>
        <dd className="font-medium text-slate-900">{data.buyer.name}</dd>
        <dt className="text-slate-600">{t('taxInvoice.taxId')}</dt>
        <dd className="text-slate-900 tabular-nums">
          {data.buyer.taxId} ·{' '}
          {data.buyer.branch === HEAD_OFFICE_BRANCH
            ? t('taxInvoice.headOffice')
            : `${t('taxInvoice.branch')} ${data.buyer.branch}`}
        </dd>
        <dt className="text-slate-600">{t('taxInvoice.address')}</dt>
        <dd className="whitespace-pre-line text-slate-900">{data.buyer.address}</dd>
      </dl>
      {email ? (
        <p
          className={cn(
            'rounded-md px-3 py-2 text-sm',
            email.status === 'failed' ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-800',
          )}
        >
          {email.status === 'sent'
            ? t('taxInvoice.emailSent', { to: email.to })
            : email.status === 'failed'
              ? t('taxInvoice.emailFailed', { to: email.to, reason: email.lastError ?? '' })
              : t('taxInvoice.emailPending', { to: email.to })}
        </p>
      ) : null}
      <DialogFooter className="flex-wrap gap-2">
        <Button variant="outline" onClick={onClose}>
          {t('taxInvoice.close')}
        </Button>
        <Button variant="outline" onClick={() => void open('xml')} disabled={opening !== null}>
          {opening === 'xml' ? <Spinner /> : null}
          {t('taxInvoice.downloadXml')}
        </Button>
        <Button onClick={() => void open('pdf')} disabled={opening !== null} data-testid="tax-invoice-pdf">
          {opening === 'pdf' ? <Spinner /> : null}
          {t('taxInvoice.printA4')}
        </Button>
      </DialogFooter>
    </>
  );
}
