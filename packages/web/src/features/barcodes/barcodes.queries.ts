import { useQuery } from '@tanstack/react-query';
import { productKeys, productsApi } from '../products/products.queries';

/** Every product, for choosing labels; the same cache entry as the product screen's full list. */
export function useBarcodeProducts() {
  return useQuery({ queryKey: productKeys.list(), queryFn: ({ signal }) => productsApi.list({}, signal) });
}
