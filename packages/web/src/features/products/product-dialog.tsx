import { zodResolver } from '@hookform/resolvers/zod';
import { can, PRODUCT_IMAGE_MAX_BYTES, type Product, type ProductFormValues } from '@pos/core';
import { AlertTriangle, History, SlidersHorizontal } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { Barcode } from '../../components/barcode/barcode';
import { Button } from '../../components/ui/button';
import { PRODUCT_DIALOG_BARCODE } from '../../components/barcode/barcode-render';
import { ErrorAlert } from '../../components/ui/alert';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { useT } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { ImagePicker } from './image-picker';
import {
  PRODUCT_FORM_FIELDS,
  ProductDialogSchema,
  productFormData,
  productFormDefaults,
  type ProductFormFields,
} from './product-form';
import { useCreateProduct, useUpdateProduct } from './products.queries';
import { StockBadge } from './stock-badge';
import { StockAdjustDialog } from './stock-adjust-dialog';
import { StockHistoryDialog } from './stock-history-dialog';
import { TagInput } from './tag-input';

const IMAGE_ERROR_CODES: ReadonlySet<string> = new Set(['IMAGE_TOO_LARGE', 'IMAGE_UNSUPPORTED_TYPE', 'IMAGE_INVALID']);

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
  const t = useT();
  const me = useCurrentUser();
  const isEdit = product !== null;
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const pending = create.isPending || update.isPending;
  const [serverError, setServerError] = useState<string | null>(null);
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [imageCleared, setImageCleared] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  // The stock as last known here: an adjustment made from this dialog updates it.
  const [stock, setStock] = useState(product?.stock ?? 0);
  const [stockDialog, setStockDialog] = useState<'adjust' | 'history' | null>(null);

  const form = useForm<ProductFormFields, unknown, ProductFormValues>({
    resolver: zodResolver(ProductDialogSchema),
    defaultValues: productFormDefaults(product, categories),
  });
  const { errors } = form.formState;
  const sku = useDeferredValue(useWatch({ control: form.control, name: 'sku' }).trim());
  const category = useWatch({ control: form.control, name: 'category' });

  // Categories that arrive after the dialog opened: a new product still starts in the first one.
  const firstCategory = categories[0];
  useEffect(() => {
    if (!isEdit && firstCategory && form.getValues('category') === '') form.setValue('category', firstCategory);
  }, [isEdit, firstCategory, form]);

  // A product whose category is no longer listed keeps it as a choice.
  const categoryOptions = category && !categories.includes(category) ? [category, ...categories] : categories;

  const chooseImage = (file: File) => {
    if (!file.type.startsWith('image/')) {
      setImageError(t('products.imageNotImage'));
      return;
    }
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
      setImageError(t('products.imageTooLarge'));
      return;
    }
    setImageError(null);
    setImageFile(file);
  };

  const clearImage = () => {
    setImageFile(null);
    setImageError(null);
    if (product?.image_url) setImageCleared(true);
  };

  const onInvalid = (invalid: FieldErrors<ProductFormFields>) => {
    const first = PRODUCT_FORM_FIELDS.map((name) => invalid[name]?.message).find(Boolean);
    toast.error(t('products.incompleteTitle'), { description: first });
  };

  const onValid = (values: ProductFormValues) => {
    setServerError(null);
    const body = productFormData(values, { file: imageFile, clear: imageCleared });
    const onError = (error: unknown) => {
      const message = errorMessage(error, t('products.saveError'));
      applyServerFieldErrors(error, form.setError, PRODUCT_FORM_FIELDS, {
        SKU_TAKEN: 'sku',
        CATEGORY_NOT_FOUND: 'category',
      });
      if (error instanceof ApiError && IMAGE_ERROR_CODES.has(error.code)) setImageError(message);
      setServerError(message);
      toast.error(t('common.error'), { description: message });
    };
    if (product) {
      update.mutate(
        { id: product.id, form: body },
        {
          onSuccess: (saved) => {
            toast.success(t('products.updated'), { description: t('products.updatedMessage', { name: saved.name }) });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          toast.success(t('products.created'), { description: t('products.createdMessage', { name: saved.name }) });
          onClose();
        },
        onError,
      });
    }
  };

  const currentUrl = imageCleared ? null : (product?.image_url ?? null);

  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? t('products.editTitle') : t('products.addTitle')}</DialogTitle>
          <DialogDescription>
            {isEdit ? t('products.editDescription', { name: product.name }) : t('products.addDescription')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          {categories.length === 0 && !categoriesLoading ? (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
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
          ) : null}

          <FormField id="product-name" label={t('products.fieldName')} error={errors.name?.message}>
            <Input {...fieldAria('product-name', errors.name?.message)} autoComplete="off" {...form.register('name')} />
          </FormField>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="product-sku"
              label={t('products.fieldSku')}
              hint={t('products.fieldSkuHint')}
              error={errors.sku?.message}
            >
              <Input
                {...fieldAria('product-sku', errors.sku?.message, true)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono"
                {...form.register('sku')}
              />
            </FormField>
            <FormField id="product-category" label={t('products.fieldCategory')} error={errors.category?.message}>
              <Controller
                control={form.control}
                name="category"
                render={({ field }) => (
                  <Select
                    value={field.value || undefined}
                    onValueChange={field.onChange}
                    disabled={categoryOptions.length === 0}
                  >
                    <SelectTrigger
                      {...fieldAria('product-category', errors.category?.message)}
                      ref={field.ref}
                      onBlur={field.onBlur}
                    >
                      <SelectValue placeholder={t('products.fieldCategoryPlaceholder')} />
                    </SelectTrigger>
                    <SelectContent>
                      {categoryOptions.map((name) => (
                        <SelectItem key={name} value={name}>
                          {name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>

          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <p className="mb-1 text-sm font-medium text-slate-800">{t('products.barcodePreview')}</p>
            {sku ? (
              <Barcode value={sku} options={PRODUCT_DIALOG_BARCODE} className="mx-auto max-h-32" />
            ) : (
              <p className="py-4 text-center text-sm text-slate-500">{t('products.barcodeEmpty')}</p>
            )}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="product-price" label={t('products.fieldPrice')} error={errors.price?.message}>
              <Input
                {...fieldAria('product-price', errors.price?.message)}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                {...form.register('price')}
              />
            </FormField>
            <FormField
              id="product-original-price"
              label={t('products.fieldOriginalPrice')}
              labelNote={t('common.optional')}
              hint={t('products.fieldOriginalPriceHint')}
              error={errors.original_price?.message}
            >
              <Input
                {...fieldAria('product-original-price', errors.original_price?.message, true)}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                {...form.register('original_price')}
              />
            </FormField>
            <FormField
              id="product-cost"
              label={t('products.fieldCost')}
              labelNote={t('common.optional')}
              error={errors.cost?.message}
            >
              <Input
                {...fieldAria('product-cost', errors.cost?.message)}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                {...form.register('cost')}
              />
            </FormField>
            {isEdit ? null : (
              <FormField id="product-stock" label={t('products.fieldStock')} error={errors.stock?.message}>
                <Input
                  {...fieldAria('product-stock', errors.stock?.message)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  required
                  {...form.register('stock')}
                />
              </FormField>
            )}
          </div>

          {isEdit ? (
            <div className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="product-stock">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  {t('products.fieldStock')}
                  <StockBadge stock={stock} />
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setStockDialog('history')}>
                    <History aria-hidden />
                    {t('products.stockHistory')}
                  </Button>
                  <Button variant="outline" onClick={() => setStockDialog('adjust')}>
                    <SlidersHorizontal aria-hidden />
                    {t('products.adjustStock')}
                  </Button>
                </div>
              </div>
              <p className="text-sm text-slate-500">{t('products.stockReadOnlyHint')}</p>
            </div>
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="product-sizes"
              label={t('products.fieldSizes')}
              labelNote={t('common.optional')}
              error={errors.sizes?.message}
            >
              <Controller
                control={form.control}
                name="sizes"
                render={({ field }) => (
                  <TagInput
                    id="product-sizes"
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={t('products.fieldSizesPlaceholder')}
                    invalid={Boolean(errors.sizes)}
                    describedBy={errors.sizes ? 'product-sizes-error' : undefined}
                  />
                )}
              />
            </FormField>
            <FormField
              id="product-colors"
              label={t('products.fieldColors')}
              labelNote={t('common.optional')}
              error={errors.colors?.message}
            >
              <Controller
                control={form.control}
                name="colors"
                render={({ field }) => (
                  <TagInput
                    id="product-colors"
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={t('products.fieldColorsPlaceholder')}
                    invalid={Boolean(errors.colors)}
                    describedBy={errors.colors ? 'product-colors-error' : undefined}
                  />
                )}
              />
            </FormField>
          </div>

          <FormField id="product-image" label={t('products.fieldImage')} labelNote={t('common.optional')}>
            <ImagePicker
              id="product-image"
              currentUrl={currentUrl}
              file={imageFile}
              onChoose={chooseImage}
              onClear={clearImage}
              error={imageError}
              disabled={pending}
            />
          </FormField>

          <FormField
            id="product-description"
            label={t('products.fieldDescription')}
            labelNote={t('common.optional')}
            error={errors.description?.message}
          >
            <Textarea
              {...fieldAria('product-description', errors.description?.message)}
              {...form.register('description')}
            />
          </FormField>

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
