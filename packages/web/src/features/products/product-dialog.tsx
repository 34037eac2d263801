import type { Product } from '@pos/core';
import { useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { MoneyField } from '../../components/form/money-field';
import { TextAreaField, TextField } from '../../components/form/text-field';
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
import { FormField } from '../../components/ui/form-field';
import { useI18n, validationText } from '../../i18n';
import { ImagePicker } from './image-picker';
import { LabelBarcodePreview, NoCategoriesWarning, ProductCategoryField, ProductTagsField } from './product-fields';
import {
  PRODUCT_FORM_FIELDS,
  ProductForm,
  productFormData,
  productFormDefaults,
  type ProductFormInput,
  type ProductFormValues,
} from './product-form';
import { ProductStockPanel } from './product-stock-panel';
import { useCreateProduct, useUpdateProduct } from './products.queries';
import { StockAdjustDialog } from './stock-adjust-dialog';
import { StockHistoryDialog } from './stock-history-dialog';
import { useProductImage } from './use-product-image';

interface ProductDialogProps {
  /** The product to edit; null adds a new one. */
  product: Product | null;
  /** Category names in display order; a new product starts in the first. */
  categories: readonly string[];
  /** The category list is still loading (no "add categories" warning yet). */
  categoriesLoading?: boolean;
  onClose: () => void;
}

/** Add or edit a product (spec 001 "Product management", §5 validation, §8 errors). */
export function ProductDialog({ product, categories, categoriesLoading = false, onClose }: ProductDialogProps) {
  const { t, locale } = useI18n();
  const isEdit = product !== null;
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const pending = create.isPending || update.isPending;
  const image = useProductImage(product?.image_url ?? null);
  // The stock as last known here: an adjustment made from this dialog updates it.
  const [stock, setStock] = useState(product?.stock ?? 0);
  const [stockDialog, setStockDialog] = useState<'adjust' | 'history' | null>(null);

  const { form, control, serverError, submit, fail } = useFormDialog({
    schema: ProductForm,
    defaultValues: productFormDefaults(product, categories),
    serverFields: PRODUCT_FORM_FIELDS,
    // The server names the field (sku or barcode) whose code is taken; sku when it does not.
    codeToField: { SKU_TAKEN: 'sku', CATEGORY_NOT_FOUND: 'category' },
    errorFallback: t('products.saveError'),
  });

  // Categories that arrive after the dialog opened: a new product still starts in the first one.
  const firstCategory = categories[0];
  useEffect(() => {
    if (!isEdit && firstCategory && form.getValues('category') === '') form.setValue('category', firstCategory);
  }, [isEdit, firstCategory, form]);

  const onInvalid = (invalid: FieldErrors<ProductFormInput>) => {
    const first = PRODUCT_FORM_FIELDS.map((name) => invalid[name]?.message).find(Boolean);
    toast.error(t('products.incompleteTitle'), { description: first && validationText(locale, first) });
  };

  const onValid = (values: ProductFormValues) => {
    const body = productFormData(values, image.change);
    const saved = (title: string, message: string) => {
      toast.success(title, { description: message });
      onClose();
    };
    const onError = (error: unknown) => image.refused(error, fail(error));
    if (product) {
      update.mutate(
        { id: product.id, form: body },
        {
          onSuccess: (p) => saved(t('products.updated'), t('products.updatedMessage', { name: p.name })),
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (p) => saved(t('products.created'), t('products.createdMessage', { name: p.name })),
        onError,
      });
    }
  };

  const optional = t('common.optional');
  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? t('products.editTitle') : t('products.addTitle')}</DialogTitle>
          <DialogDescription>
            {isEdit ? t('products.editDescription', { name: product.name }) : t('products.addDescription')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit(onValid, onInvalid)} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          {categories.length === 0 && !categoriesLoading ? <NoCategoriesWarning /> : null}

          <TextField
            control={control}
            name="name"
            id="product-name"
            label={t('products.fieldName')}
            autoComplete="off"
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              control={control}
              name="sku"
              id="product-sku"
              label={t('products.fieldSku')}
              hint={t('products.fieldSkuHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              inputClassName="font-mono"
            />
            <TextField
              control={control}
              name="barcode"
              id="product-barcode"
              label={t('products.fieldBarcode')}
              labelNote={optional}
              hint={t('products.fieldBarcodeHint')}
              autoComplete="off"
              spellCheck={false}
              inputMode="text"
              inputClassName="font-mono"
            />
          </div>

          <LabelBarcodePreview control={control} />

          <ProductCategoryField control={control} categories={categories} />

          <div className="grid gap-4 sm:grid-cols-2">
            <MoneyField control={control} name="price" id="product-price" label={t('products.fieldPrice')} />
            <MoneyField
              control={control}
              name="original_price"
              id="product-original-price"
              label={t('products.fieldOriginalPrice')}
              labelNote={optional}
              hint={t('products.fieldOriginalPriceHint')}
            />
            <MoneyField
              control={control}
              name="cost"
              id="product-cost"
              label={t('products.fieldCost')}
              labelNote={optional}
            />
            {isEdit ? null : (
              <TextField
                control={control}
                name="stock"
                id="product-stock"
                label={t('products.fieldStock')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                required
              />
            )}
          </div>

          {isEdit ? (
            <ProductStockPanel
              stock={stock}
              onHistory={() => setStockDialog('history')}
              onAdjust={() => setStockDialog('adjust')}
            />
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <ProductTagsField
              control={control}
              name="sizes"
              label={t('products.fieldSizes')}
              labelNote={optional}
              placeholder={t('products.fieldSizesPlaceholder')}
            />
            <ProductTagsField
              control={control}
              name="colors"
              label={t('products.fieldColors')}
              labelNote={optional}
              placeholder={t('products.fieldColorsPlaceholder')}
            />
          </div>

          <FormField id="product-image" label={t('products.fieldImage')} labelNote={optional}>
            <ImagePicker
              id="product-image"
              currentUrl={image.currentUrl}
              file={image.file}
              onChoose={image.choose}
              onClear={image.clear}
              error={image.error}
              disabled={pending}
            />
          </FormField>

          <TextAreaField
            control={control}
            name="description"
            id="product-description"
            label={t('products.fieldDescription')}
            labelNote={optional}
          />

          <DialogFormFooter
            pending={pending}
            submitLabel={isEdit ? t('products.submitEdit') : t('products.submitAdd')}
            onCancel={onClose}
          />
        </form>
        {product && stockDialog === 'adjust' ? (
          <StockAdjustDialog
            product={product}
            stock={stock}
            onStockKnown={setStock}
            onClose={() => setStockDialog(null)}
          />
        ) : null}
        {product && stockDialog === 'history' ? (
          <StockHistoryDialog product={product} onClose={() => setStockDialog(null)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
