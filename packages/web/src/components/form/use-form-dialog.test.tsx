import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ErrorAlert } from '../ui/alert';
import { I18nProvider } from '../../i18n';
import { th } from '../../i18n/th';
import { ApiError } from '../../lib/api';
import { TextAreaField, TextField } from './text-field';
import { useFormDialog } from './use-form-dialog';

afterEach(cleanup);

const Schema = z.object({
  username: z.string().trim().min(1, 'กรุณากรอกชื่อผู้ใช้'),
  password: z.string().min(8, 'รหัสผ่านอย่างน้อย 8 ตัว'),
  note: z.string(),
});

function Form({ save }: { save: (values: z.output<typeof Schema>) => Promise<void> }) {
  const [saved, setSaved] = useState<string | null>(null);
  const { control, serverError, submit, fail, reset } = useFormDialog({
    schema: Schema,
    defaultValues: { username: '', password: '', note: '' },
    serverFields: ['username', 'password', 'note'],
    codeToField: { USERNAME_TAKEN: 'username' },
    errorFallback: 'บันทึกไม่สำเร็จ',
  });
  const onSubmit = submit((values) => {
    save(values).then(() => setSaved(values.username), fail);
  });
  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <TextField control={control} name="username" id="u-name" label="ชื่อผู้ใช้" hint="ตัวเล็ก" autoComplete="off" />
        <TextField control={control} name="password" id="u-pass" label="รหัสผ่าน" secret />
        <TextAreaField control={control} name="note" id="u-note" label="หมายเหตุ" rows={2} />
        <button type="submit">save</button>
        <button type="button" onClick={() => reset()}>
          reset
        </button>
      </form>
      <output data-testid="saved">{saved}</output>
    </>
  );
}

function Harness(props: { save: (values: z.output<typeof Schema>) => Promise<void> }) {
  return (
    <I18nProvider initialLocale="th">
      <Form {...props} />
    </I18nProvider>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('TextField and useFormDialog', () => {
  it('labels each control, points it at its hint, and shows the schema error with aria', async () => {
    render(<Harness save={vi.fn()} />);
    expect(field('ชื่อผู้ใช้').getAttribute('aria-describedby')).toBe('u-name-hint');
    expect(field('ชื่อผู้ใช้').getAttribute('autocomplete')).toBe('off');
    expect(field('รหัสผ่าน').type).toBe('password');
    expect(field('หมายเหตุ').tagName).toBe('TEXTAREA');

    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(field('ชื่อผู้ใช้').getAttribute('aria-invalid')).toBe('true'));
    expect(field('ชื่อผู้ใช้').getAttribute('aria-describedby')).toBe('u-name-error');
    expect(screen.getByText('กรุณากรอกชื่อผู้ใช้').id).toBe('u-name-error');
    expect(screen.getByText('รหัสผ่านอย่างน้อย 8 ตัว').id).toBe('u-pass-error');
  });

  it('puts a server refusal on its field and above the form, clears it on the next send, and saves', async () => {
    const save = vi
      .fn<(values: z.output<typeof Schema>) => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError({ status: 409, code: 'USERNAME_TAKEN', message: 'ชื่อนี้มีผู้ใช้แล้ว', fromServer: true }),
      )
      .mockResolvedValueOnce(undefined);
    render(<Harness save={save} />);
    fireEvent.change(field('ชื่อผู้ใช้'), { target: { value: ' somchai ' } });
    fireEvent.change(field('รหัสผ่าน'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));

    await waitFor(() => expect(screen.getAllByText(th['apiErrors.USERNAME_TAKEN'])).toHaveLength(2));
    expect(field('ชื่อผู้ใช้').getAttribute('aria-invalid')).toBe('true');
    expect(save).toHaveBeenCalledWith({ username: 'somchai', password: 'secret-123', note: '' });

    fireEvent.change(field('ชื่อผู้ใช้'), { target: { value: 'somsri' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.getByTestId('saved').textContent).toBe('somsri'));
    expect(screen.queryByText(th['apiErrors.USERNAME_TAKEN'])).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(field('ชื่อผู้ใช้').value).toBe(''));
  });
});
