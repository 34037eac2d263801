import type { Customer } from '@pos/core';
import { FlaskConical, UserSearch } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { TextAreaField, TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Tooltip } from '../../components/ui/tooltip';
import { useT } from '../../i18n';
import { ApiError } from '../../lib/api';
import {
  CUSTOMER_FORM_FIELDS,
  CustomerForm,
  customerFormValues,
  nextSampleIdCard,
  type CustomerFormInput,
  type CustomerFormOutput,
} from './customer-form';
import { useCreateCustomer, useUpdateCustomer } from './customers.queries';

export type CustomerDialogMode = 'create' | 'edit';

export interface CustomerDialogProps {
  open: boolean;
  /** The customer to edit; none (or null) adds a new one. */
  customer?: Customer | null;
  onClose: () => void;
  /** After a successful save, before the dialog closes (the POS selects a new customer for the order). */
  onSaved?: (customer: Customer, mode: CustomerDialogMode) => void;
  /** The success toast; the default says the customer was added or updated. */
  successToast?: (customer: Customer, mode: CustomerDialogMode) => { title: string; description?: string };
  /**
   * The phone number belongs to another customer (409): the dialog offers a
   * button with this label that hands over that customer's id.
   */
  existingCustomer?: { label: (name: string) => string; open: (customerId: number) => void };
}

/** The customer a 409 CUSTOMER_PHONE_TAKEN names as having the number. */
export function phoneOwner(error: unknown): { id: number; name: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'CUSTOMER_PHONE_TAKEN') return null;
  const id = error.details?.['customer_id'];
  const name = error.details?.['customer_name'];
  return typeof id === 'number' ? { id, name: typeof name === 'string' ? name : '' } : null;
}

/**
 * Add or edit a customer (spec 000 §2 "customer dialog"): name, phone, e-mail,
 * address, read-only loyalty points, and (development builds only) a demo button that fills made-up
 * sample data (no ID-card reader is connected yet). One component for the customers screen and the POS.
 */
export function CustomerDialog({
  open,
  customer,
  onClose,
  onSaved,
  successToast,
  existingCustomer,
}: CustomerDialogProps) {
  const t = useT();
  const mode: CustomerDialogMode = customer ? 'edit' : 'create';
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const pending = create.isPending || update.isPending;
  const [owner, setOwner] = useState<{ id: number; name: string } | null>(null);
  const sampleCounter = useRef(0);
  const { form, control, serverError, submit, fail, reset } = useFormDialog({
    schema: CustomerForm,
    defaultValues: customerFormValues(customer),
    serverFields: CUSTOMER_FORM_FIELDS,
    codeToField: { CUSTOMER_PHONE_TAKEN: 'phone' },
    errorFallback: t('customers.saveError'),
  });
  const resetCreate = create.reset;
  const resetUpdate = update.reset;

  // Each opening starts from the customer's saved values (or an empty form). A background
  // refetch that hands over a new copy of the same customer must not wipe what is being typed.
  const latestCustomer = useRef(customer);
  latestCustomer.current = customer;
  const customerId = customer?.id ?? null;
  useEffect(() => {
    if (!open) return;
    reset(customerFormValues(latestCustomer.current));
    setOwner(null);
    resetCreate();
    resetUpdate();
  }, [open, customerId, reset, resetCreate, resetUpdate]);

  const close = () => {
    if (!pending) onClose();
  };

  const saved = (result: Customer) => {
    const text = successToast?.(result, mode) ?? {
      title: mode === 'create' ? t('customers.created') : t('customers.updated'),
      description: t(mode === 'create' ? 'customers.createdMessage' : 'customers.updatedMessage', {
        name: result.name,
      }),
    };
    toast.success(text.title, text.description ? { description: text.description } : undefined);
    onSaved?.(result, mode);
    onClose();
  };

  const failed = (error: unknown) => {
    fail(error);
    setOwner(phoneOwner(error));
  };

  const onValid = (body: CustomerFormOutput) => {
    setOwner(null);
    if (customer) update.mutate({ id: customer.id, body }, { onSuccess: saved, onError: failed });
    else create.mutate(body, { onSuccess: saved, onError: failed });
  };

  // Spec 000 §5: a missing name or phone also says "incomplete data" in a toast.
  const onInvalid = (invalid: FieldErrors<CustomerFormInput>) => {
    const values = form.getValues();
    if ((invalid.name || invalid.phone) && (!values.name?.trim() || !values.phone?.trim())) {
      toast.error(t('customerDialog.incompleteTitle'), { description: t('customerDialog.incompleteMessage') });
    }
  };

  const fillSample = () => {
    const sample = nextSampleIdCard(sampleCounter.current);
    sampleCounter.current += 1;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('name', sample.name, options);
    form.setValue('address', sample.address, options);
    if (!form.getValues('phone')?.trim()) form.setValue('phone', sample.phone, options);
    // Says plainly that nothing was read from a card: staff must not mistake this for a customer's real details.
    toast.info(t('customerDialog.sampleFilled'), { description: t('customerDialog.sampleFilledMessage') });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          form.setFocus('name');
        }}
      >
        <DialogHeader>
          <DialogTitle>{mode === 'create' ? t('customerDialog.addTitle') : t('customerDialog.editTitle')}</DialogTitle>
          <DialogDescription>
            {mode === 'create' ? t('customerDialog.addDescription') : t('customerDialog.editDescription')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit(onValid, onInvalid)} noValidate className="space-y-4">
          {/* A demonstration aid for development builds only (issue 31 item 18): never in a shop. */}
          {import.meta.env.DEV ? (
            <Tooltip content={t('customerDialog.sampleTooltip')}>
              {(describedBy) => (
                <Button variant="secondary" onClick={fillSample} disabled={pending} aria-describedby={describedBy}>
                  <FlaskConical aria-hidden />
                  {t('customerDialog.fillSample')}
                </Button>
              )}
            </Tooltip>
          ) : null}
          {serverError ? (
            <ErrorAlert>
              {serverError}
              {owner && existingCustomer ? (
                <Button
                  variant="outline"
                  className="mt-2 flex"
                  onClick={() => existingCustomer.open(owner.id)}
                  data-testid="customer-open-existing"
                >
                  <UserSearch aria-hidden />
                  {existingCustomer.label(owner.name)}
                </Button>
              ) : null}
            </ErrorAlert>
          ) : null}
          <TextField
            control={control}
            name="name"
            id="customer-name"
            label={t('customerDialog.fieldName')}
            autoComplete="off"
          />
          <TextField
            control={control}
            name="phone"
            id="customer-phone"
            label={t('customerDialog.fieldPhone')}
            hint={t('customerDialog.fieldPhoneHint')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
          />
          <TextField
            control={control}
            name="email"
            id="customer-email"
            label={t('customerDialog.fieldEmail')}
            labelNote={t('common.optional')}
            type="email"
            inputMode="email"
            autoComplete="off"
          />
          <TextAreaField
            control={control}
            name="address"
            id="customer-address"
            label={t('customerDialog.fieldAddress')}
            labelNote={t('common.optional')}
            rows={3}
          />
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="customer-tax-details">
            <legend className="px-1 text-sm font-medium text-slate-900">{t('customerDialog.taxSection')}</legend>
            <p className="text-sm text-slate-500">{t('customerDialog.taxSectionHint')}</p>
            <TextField
              control={control}
              name="tax_name"
              id="customer-tax-name"
              label={t('customerDialog.fieldTaxName')}
              labelNote={t('common.optional')}
              hint={t('customerDialog.fieldTaxNameHint')}
              autoComplete="off"
            />
            <TextField
              control={control}
              name="tax_id"
              id="customer-tax-id"
              label={t('customerDialog.fieldTaxId')}
              labelNote={t('common.optional')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={17}
              className="max-w-xs"
            />
            <TextField
              control={control}
              name="tax_branch"
              id="customer-tax-branch"
              label={t('customerDialog.fieldTaxBranch')}
              labelNote={t('common.optional')}
              hint={t('customerDialog.fieldTaxBranchHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              className="max-w-xs"
            />
          </fieldset>
          <FormField
            id="customer-points"
            label={t('customerDialog.fieldPoints')}
            hint={t('customerDialog.fieldPointsHint')}
          >
            <Input
              {...fieldAria('customer-points', undefined, true)}
              readOnly
              inputMode="numeric"
              className="tabular-nums"
              value={(customer?.loyalty_points ?? 0).toLocaleString('th-TH')}
            />
          </FormField>
          <DialogFormFooter
            pending={pending}
            submitLabel={mode === 'create' ? t('customerDialog.submitAdd') : t('customerDialog.submitEdit')}
            onCancel={close}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
