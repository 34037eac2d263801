import { can, isLabelEncodable } from '@pos/core';
import { AlertTriangle } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/auth-context';
import { Barcode } from '../../components/barcode/barcode';
import { PRODUCT_DIALOG_BARCODE } from '../../components/barcode/barcode-render';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n';
import type { ProductFormInput, ProductFormValues } from './product-form';
import { labelCode } from '../barcodes/label-selection';
import { TagInput } from './tag-input';

type ProductControl = Control<ProductFormInput, unknown, ProductFormValues>;

/** The category, chosen from the shop's list; a product whose category is no longer listed keeps it as a choice. */
export function ProductCategoryField({
  control,
  categories,
}: {
  control: ProductControl;
  categories: readonly string[];
}) {
  const t = useT();
  const { field, fieldState } = useController({ control, name: 'category' });
  const error = fieldState.error?.message;
  const current = typeof field.value === 'string' ? field.value : '';
  const options = current && !categories.includes(current) ? [current, ...categories] : categories;
  return (
    <FormField id="product-category" label={t('products.fieldCategory')} error={error}>
      <Select value={current || undefined} onValueChange={field.onChange} disabled={options.length === 0}>
        <SelectTrigger {...fieldAria('product-category', error)} ref={field.ref} onBlur={field.onBlur}>
          <SelectValue placeholder={t('products.fieldCategoryPlaceholder')} />
        </SelectTrigger>
        <SelectContent>
          {options.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

/** Sizes or colours as tags. */
export function ProductTagsField({
  control,
  name,
  label,
  labelNote,
  placeholder,
}: {
  control: ProductControl;
  name: 'sizes' | 'colors';
  label: string;
  labelNote: string;
  placeholder: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const id = `product-${name}`;
  const error = fieldState.error?.message;
  return (
    <FormField id={id} label={label} labelNote={labelNote} error={error}>
      <TagInput
        id={id}
        value={field.value}
        onChange={field.onChange}
        placeholder={placeholder}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
      />
    </FormField>
  );
}

/**
 * The code a label prints (the barcode, else the SKU; labelCode), drawn a moment behind the typing.
 * A code CODE128 cannot encode gets the form's Thai reason, not the drawing library's English one.
 */
export function LabelBarcodePreview({ control }: { control: ProductControl }) {
  const t = useT();
  const [sku, barcode] = useWatch({ control, name: ['sku', 'barcode'] });
  const code = useDeferredValue(labelCode({ sku: String(sku ?? '').trim(), barcode: String(barcode ?? '').trim() }));
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="mb-1 text-sm font-medium text-slate-800">{t('products.barcodePreview')}</p>
      {code === '' ? (
        <p className="py-4 text-center text-sm text-slate-600">{t('products.barcodeEmpty')}</p>
      ) : isLabelEncodable(code) ? (
        <Barcode value={code} options={PRODUCT_DIALOG_BARCODE} className="mx-auto max-h-32" />
      ) : (
        <p className="py-4 text-center text-sm text-red-700">{t('products.barcodeNotEncodable')}</p>
      )}
    </div>
  );
}

/** No categories yet: a product needs one, and whoever may open the settings gets a link there. */
export function NoCategoriesWarning() {
  const t = useT();
  const me = useCurrentUser();
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p className="font-semibold">{t('products.noCategoriesTitle')}</p>
        <p>{t('products.noCategoriesMessage')}</p>
        {can(me.role, 'settings_view') ? (
          <Link to="/settings" className="inline-flex min-h-11 items-center font-medium underline">
            {t('products.goToSettings')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
