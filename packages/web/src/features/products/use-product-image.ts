import { PRODUCT_IMAGE_MAX_BYTES } from '@pos/core';
import { useState } from 'react';
import { useT } from '../../i18n';
import { ApiError } from '../../lib/api';
import type { ProductImageChange } from './product-form';

const IMAGE_ERROR_CODES: ReadonlySet<string> = new Set(['IMAGE_TOO_LARGE', 'IMAGE_UNSUPPORTED_TYPE', 'IMAGE_INVALID']);

/**
 * The product dialog's image: a newly chosen file (checked for type and size before it is sent),
 * or the saved image removed, and the message the picker shows.
 */
export function useProductImage(savedUrl: string | null) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [cleared, setCleared] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File) => {
    if (!chosen.type.startsWith('image/')) {
      setError(t('products.imageNotImage'));
      return;
    }
    if (chosen.size > PRODUCT_IMAGE_MAX_BYTES) {
      setError(t('products.imageTooLarge'));
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const clear = () => {
    setFile(null);
    setError(null);
    if (savedUrl) setCleared(true);
  };

  /** A refused save: a refusal of the image is shown at the picker too. */
  const refused = (failure: unknown, message: string) => {
    if (failure instanceof ApiError && IMAGE_ERROR_CODES.has(failure.code)) setError(message);
  };

  const change: ProductImageChange = { file, clear: cleared };
  return { file, currentUrl: cleared ? null : savedUrl, error, change, choose, clear, refused };
}
