import { formatBaht, MAX_VARIANTS_PER_STYLE, satangToBaht, type Product } from '@pos/core';
import { useEffect, useState } from 'react';
import { useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { MoneyField } from '../../components/form/money-field';
import { TextAreaField, TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
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
import { errorMessage } from '../../lib/api';
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
import { useVariantGrid } from './use-variant-grid';
import { VariantGridEditor } from './variant-grid-editor';

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
  // The whole save (product, then grid, then counts) is one pending span, not three.
  const [saving, setSaving] = useState(false);
  // A new product once created: a retry after its grid was refused edits it instead of adding it again.
  const [created, setCreated] = useState<Product | null>(null);
  const pending = saving || create.isPending || update.isPending;
  const image = useProductImage(product?.image_url ?? null);
  // The stock as last known here: an adjustment made from this dialog updates it.
  const [stock, setStock] = useState(product?.stock ?? 0);
  const [stockDialog, setStockDialog] = useState<'adjust' | 'history' | null>(null);

  const { form, control, serverError, setServerError, submit, fail } = useFormDialog({
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

  const [sizes, colors, priceSatang] = useWatch({ control, name: ['sizes', 'colors', 'price'] });
  const grid = useVariantGrid(product?.id ?? null, sizes, colors);

  const onInvalid = (invalid: FieldErrors<ProductFormInput>) => {
    const first = PRODUCT_FORM_FIELDS.map((name) => invalid[name]?.message).find(Boolean);
    toast.error(t('products.incompleteTitle'), { description: first && validationText(locale, first) });
  };

  const refuse = (message: string) => {
    setServerError(message);
    toast.error(t('common.error'), { description: message });
  };

  /** The product first (a new one gets its id), then its grid and counts; each refusal stops there, shown. */
  const save = async (values: ProductFormValues) => {
    const stockInvalid = grid.visible && !grid.tooMany ? grid.invalidStock() : null;
    if (stockInvalid) return refuse(stockInvalid);
    const body = productFormData(values, image.change);
    const editing = product ?? created;
    // The stock of an existing product changes only through adjustments and counts.
    if (editing) body.delete('stock');
    let saved: Product;
    setSaving(true);
    try {
      saved = editing ? await update.mutateAsync({ id: editing.id, form: body }) : await create.mutateAsync(body);
    } catch (error) {
      setSaving(false);
      image.refused(error, fail(error));
      return;
    }
    if (!editing) setCreated(saved);
    if (grid.visible) {
      try {
        await grid.save(saved.id, saved.unassigned_stock);
      } catch (error) {
        const own = await grid.refused(saved.id, error).catch(() => null);
        setSaving(false);
        // Not fail(): a grid refusal names a cell (marked there), never the style's own SKU field.
        refuse(own ?? errorMessage(error, t('products.saveError')));
        return;
      }
    }
    setSaving(false);
    const [title, message] = product
      ? [t('products.updated'), t('products.updatedMessage', { name: saved.name })]
      : [t('products.created'), t('products.createdMessage', { name: saved.name })];
    toast.success(title, { description: message });
    onClose();
  };
  const onValid = (values: ProductFormValues) => void save(values);

  const optional = t('common.optional');
  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className={grid.visible ? 'max-w-4xl' : 'max-w-2xl'}>
        <DialogHeader>
          <DialogTitle>{isEdit ? t('products.editTitle') : t('products.addTitle')}</DialogTitle>
          <DialogDescription>
            {isEdit ? t('products.editDescription', { name: product.name }) : t('products.addDescription')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit(onValid, onInvalid)} noValidate className="min-w-0 space-y-4">
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
                hint={grid.visible ? t('products.fieldStockStyleHint') : undefined}
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

          {grid.visible ? (
            <section
              aria-labelledby="variant-grid-title"
              className="min-w-0 space-y-3"
              data-testid="variant-grid-section"
            >
              <div>
                <h3 id="variant-grid-title" className="font-semibold text-slate-900">
                  {t('products.gridTitle')}
                </h3>
                <p className="text-sm text-slate-600">{t('products.gridHint')}</p>
                <p className="text-sm text-slate-600">{t('products.gridPriceHint')}</p>
              </div>
              {grid.unassigned !== 0 ? (
                <div
                  className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
                  data-testid="unassigned-stock"
                >
                  <p className="font-semibold">{t('products.unassignedTitle', { count: grid.unassigned })}</p>
                  <p>{t('products.unassignedMessage')}</p>
                  <label className="flex min-h-11 items-center gap-2 font-medium">
                    <input
                      type="checkbox"
                      className="size-5 accent-blue-600"
                      checked={grid.clearUnassigned}
                      onChange={(e) => grid.setClearUnassigned(e.currentTarget.checked)}
                      aria-describedby="unassigned-clear-hint"
                      disabled={pending}
                    />
                    {t('products.unassignedClear')}
                  </label>
                  <p id="unassigned-clear-hint" className="text-xs">
                    {t('products.unassignedClearHint')}
                  </p>
                </div>
              ) : null}
              {grid.tooMany ? (
                <ErrorAlert>
                  {t('products.gridTooMany', { count: grid.cellCount, max: MAX_VARIANTS_PER_STYLE })}
                </ErrorAlert>
              ) : grid.loadFailed ? (
                <ErrorAlert>{t('products.variantsLoadError')}</ErrorAlert>
              ) : grid.loading ? (
                <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                  <Spinner />
                  {t('products.gridLoading')}
                </p>
              ) : (
                <VariantGridEditor
                  rows={grid.rows}
                  onRowsChange={grid.onRowsChange}
                  pricePlaceholder={priceSatang === null ? '' : formatBaht(satangToBaht(priceSatang))}
                  marks={grid.marks}
                  disabled={pending}
                />
              )}
            </section>
          ) : null}

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
