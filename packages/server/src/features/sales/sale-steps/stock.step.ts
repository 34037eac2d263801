import { AppError } from '../../../http/app-error';
import type { StockTake } from '../sales.queries';
import type { ProductOfSale, SaleContext } from './sale-context';
import type { SaleLines } from './lines.step';

export function insufficientStock(product: Pick<ProductOfSale, 'id' | 'name'>, available: number): AppError {
  return new AppError({
    status: 409,
    code: 'INSUFFICIENT_STOCK',
    details: { productId: product.id, name: product.name, available },
  });
}

/**
 * Step: the stock each product of the sale takes, refused at the counter when the shelf (as read) holds
 * less; the hold takes it for certain under its lock (a paid sale takes it below zero, flagged there).
 * A product a paid sale sells although it is gone takes none.
 */
export function checkStock({ policy }: SaleContext, { products, wanted }: SaleLines): StockTake[] {
  for (const [productId, quantity] of wanted) {
    const product = products.get(productId)!;
    if (product.stock < quantity) policy.refuse(insufficientStock(product, Math.max(0, product.stock)));
  }
  return [...wanted.entries()]
    .filter(([productId]) => !products.get(productId)!.gone)
    .map(([productId, quantity]) => ({ productId, quantity, stockRead: products.get(productId)!.stock }));
}
