import { msg } from '@pos/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, type Locale } from '../../i18n';
import { ApiError } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ProductForm, productFormDefaults, type ProductFormInput } from './product-form';

afterEach(cleanup);

let refuse: ((error: unknown) => void) | undefined;

/** The product form's name and SKU fields, checked with the product dialog's own schema. */
function ProductNameForm() {
  const { form, control, submit } = useFormDialog({
    schema: ProductForm,
    defaultValues: productFormDefaults(null, ['เสื้อผ้า']),
    serverFields: ['name', 'sku'],
    errorFallback: 'failed',
  });
  refuse = (error) => applyServerFieldErrors<ProductFormInput>(error, form.setError, ['name', 'sku']);
  return (
    <form onSubmit={submit(() => undefined)} noValidate>
      <TextField control={control} name="name" id="name" label="name" />
      <TextField control={control} name="sku" id="sku" label="sku" />
      <button type="submit">save</button>
    </form>
  );
}

const renderIn = (locale: Locale) =>
  render(
    <I18nProvider initialLocale={locale}>
      <ProductNameForm />
    </I18nProvider>,
  );

describe('field messages in the reader’s language', () => {
  it('shows the form’s own field errors in English in the English locale, and in Thai in Thai', async () => {
    renderIn('en');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Please enter the product name')).toBeTruthy();
    expect(screen.getByText('Please enter the SKU')).toBeTruthy();
    cleanup();

    renderIn('th');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('กรุณากรอกชื่อสินค้า')).toBeTruthy();
  });

  it('shows the server’s field errors by their id in English, and its Thai text for a message without one', async () => {
    renderIn('en');
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'ชื่อสินค้าต้องไม่เกิน 200 ตัวอักษร (name)',
      fields: { name: 'ชื่อสินค้าต้องไม่เกิน 200 ตัวอักษร', sku: 'ข้อความที่เว็บไม่รู้จัก' },
      fieldIds: { name: msg('text.tooLong', { label: 'productName', max: 200 }) },
      fromServer: true,
    });
    refuse?.(error);
    expect(await screen.findByText('Product name must be at most 200 characters')).toBeTruthy();
    expect(screen.getByText('ข้อความที่เว็บไม่รู้จัก')).toBeTruthy();
  });
});
