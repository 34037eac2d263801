import { SendEReceiptRequest, type Sale, type TaxDocumentEmail } from '@pos/core';
import { useQuery } from '@tanstack/react-query';
import { Mail, UserCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT, type Translate } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { customerKeys, customersApi } from '../customers/customers.queries';
import { useEReceiptEmails, useSendEReceipt } from './e-receipt.queries';

export interface EReceiptDialogProps {
  sale: Sale;
  onClose: () => void;
}

/** One e-mail's state, in words: waiting, sent, or failed with the server's reason. */
export function eReceiptStatusText(t: Translate, email: TaxDocumentEmail): string {
  if (email.status === 'sent') return t('receipt.eReceipt.sent', { to: email.to });
  if (email.status === 'failed') return t('receipt.eReceipt.failed', { to: email.to, reason: email.lastError ?? '' });
  return t('receipt.eReceipt.queued', { to: email.to });
}

/**
 * "ส่งใบเสร็จทางอีเมล (e-Receipt)" (issue 36): one e-mail field, filled with the sale's customer's address when
 * known; Enter sends. Below it, each e-mail of this receipt so far and where it stands; a sent one may go again.
 */
export function EReceiptDialog({ sale, onClose }: EReceiptDialogProps) {
  const t = useT();
  const send = useSendEReceipt(sale.id);
  const emails = useEReceiptEmails(sale.id);
  const { form, control, serverError, submit, fail, reset } = useFormDialog({
    schema: SendEReceiptRequest,
    defaultValues: { email: '' },
    serverFields: ['email'],
    errorFallback: t('receipt.eReceipt.sendError'),
  });
  const [filledFrom, setFilledFrom] = useState<string | null>(null);

  // The sale's customer, if any: their e-mail is filled in at once.
  const customer = useQuery({
    queryKey: customerKeys.detail(sale.customer_id ?? 0),
    queryFn: ({ signal }) => customersApi.get(sale.customer_id ?? 0, signal),
    enabled: sale.customer_id !== null,
  });
  const prefilled = useRef(false);
  useEffect(() => {
    const known = customer.data;
    if (!known?.email || prefilled.current || form.formState.isDirty) return;
    prefilled.current = true;
    reset({ email: known.email });
    setFilledFrom(known.name);
  }, [customer.data, form.formState.isDirty, reset]);

  const sent = emails.data ?? [];
  const onValid = (values: { email: string }) => {
    send.mutate(values, {
      onSuccess: (email) =>
        toast.success(t('receipt.eReceipt.queuedToast'), { description: eReceiptStatusText(t, email) }),
      onError: (error) => fail(error),
    });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md" data-testid="e-receipt-dialog">
        <DialogHeader>
          <DialogTitle>{t('receipt.eReceipt.dialogTitle')}</DialogTitle>
          <DialogDescription>
            {t('receipt.eReceipt.dialogDescription', { number: sale.document_number })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit(onValid)} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <TextField
            control={control}
            name="email"
            id="e-receipt-email"
            label={t('receipt.eReceipt.fieldEmail')}
            hint={t('receipt.eReceipt.fieldEmailHint')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoFocus
          />
          {filledFrom ? (
            <p className="flex items-center gap-2 text-sm text-green-800">
              <UserCheck className="size-4 shrink-0" aria-hidden />
              {t('receipt.eReceipt.filledFrom', { name: filledFrom })}
            </p>
          ) : null}
          {/* A live region from the start, so a new e-mail's state is read out as it comes. */}
          <div role="status" className="space-y-2" data-testid="e-receipt-status">
            {sent.length > 0 ? (
              <>
                <h3 className="text-sm font-medium text-slate-900">{t('receipt.eReceipt.statusTitle')}</h3>
                <ul className="space-y-1">
                  {[...sent].reverse().map((email) => (
                    <li
                      key={email.id}
                      className={
                        email.status === 'failed'
                          ? 'flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800'
                          : 'flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800'
                      }
                    >
                      <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
                      <span className="min-w-0 break-words">{eReceiptStatusText(t, email)}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          {emails.isError ? (
            <ErrorAlert>{errorMessage(emails.error, t('receipt.eReceipt.loadError'))}</ErrorAlert>
          ) : null}
          <DialogFormFooter
            pending={send.isPending}
            submitLabel={sent.length > 0 ? t('receipt.eReceipt.sendAgain') : t('receipt.eReceipt.submit')}
            onCancel={onClose}
            cancelLabel={t('common.close')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
