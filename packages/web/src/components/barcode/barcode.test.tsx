import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Barcode } from './barcode';
import { PRODUCT_DIALOG_BARCODE } from './barcode-render';

afterEach(cleanup);

describe('Barcode', () => {
  it('shows the spec message instead of bars for a value the format cannot encode', () => {
    render(<Barcode value="SHIRT-001" options={{ ...PRODUCT_DIALOG_BARCODE, format: 'EAN13' }} />);
    expect(screen.getByTestId('barcode-error').textContent).toBe('"SHIRT-001" is not a valid input for EAN13');
    expect(screen.queryByTestId('barcode-svg')).toBeNull();
  });
});
