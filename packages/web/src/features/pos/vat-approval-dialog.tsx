import { zodResolver } from '@hookform/resolvers/zod';
import { VatExclusionApprovalRequest, type VatExclusionApprovalResponse } from '@pos/core';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApproverFields } from '../../components/form/approver-fields';
import { ErrorAlert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useT, type MessageKey } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { useApproveVatExclusion } from './pos.queries';

/** Refusals of the approval, in the screen's language; the throttle keeps the server's text (it names the wait). */
const APPROVAL_ERRORS: Readonly<Record<string, MessageKey>> = {
  VAT_APPROVER_INVALID_CREDENTIALS: 'pos.vatApprovalWrongCredentials',
  VAT_APPROVER_NOT_PERMITTED: 'pos.vatApprovalNotPermitted',
  VAT_APPROVER_MUST_CHANGE_PASSWORD: 'pos.vatApproverMustChangePassword',
};

interface VatApprovalDialogProps {
  open: boolean;
  onApproved: (approval: VatExclusionApprovalResponse) => void;
  onCancel: () => void;
}

/**
 * The shop requires approval to sell without VAT: a user holding pos_refund
 * signs in here, on the cashier's screen, for this one sale.
 */
export function VatApprovalDialog({ open, onApproved, onCancel }: VatApprovalDialogProps) {
  const t = useT();
  const approve = useApproveVatExclusion();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<
    z.input<typeof VatExclusionApprovalRequest>,
    unknown,
    z.output<typeof VatExclusionApprovalRequest>
  >({
    resolver: zodResolver(VatExclusionApprovalRequest),
    defaultValues: { username: '', password: '' },
  });

  const close = () => {
    form.reset();
    setServerError(null);
    approve.reset();
    onCancel();
  };

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    approve.mutate(values, {
      onSuccess: (result) => {
        form.reset();
        onApproved(result);
      },
      onError: (error) => {
        const key = error instanceof ApiError ? APPROVAL_ERRORS[error.code] : undefined;
        setServerError(key ? t(key) : errorMessage(error, t('pos.vatApprovalFailed')));
        // The password is never kept on screen after a refusal.
        form.setValue('password', '');
        form.setFocus('password');
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !approve.isPending && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <span className="mb-1 flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <DialogTitle>{t('pos.vatApprovalTitle')}</DialogTitle>
          <DialogDescription>{t('pos.vatApprovalDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <ApproverFields
            control={form.control}
            usernameName="username"
            passwordName="password"
            idPrefix="vat-approver"
            usernameLabel={t('pos.vatApprovalUsername')}
            passwordLabel={t('pos.vatApprovalPassword')}
          />
          <DialogFormFooter pending={approve.isPending} submitLabel={t('pos.vatApprovalSubmit')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
