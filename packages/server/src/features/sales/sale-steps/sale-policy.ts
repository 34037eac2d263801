import { bahtToSatang, type CardSaleFlag, type PricingSettings } from '@pos/core';
import type { DbExecutor } from '../../../db/executor';
import { AppError } from '../../../http/app-error';
import { addFlag, type CheckoutTerms, type PaidSale } from '../paid-sale';
import { holdCounterSaleOrRefuse, holdPaidSale, type HoldRequest, type SaleHeld } from './hold.step';
import type { LineInput, ProductOfSale } from './sale-context';

/**
 * The one place a sale's steps ask what to do with a refusal. At the counter nothing is paid yet, so a
 * refusal stops the sale. A card sale Stripe has been paid for is recorded whatever changed since its
 * checkout (the customer paid those figures): each refusal becomes a flag for the manager and the sale
 * goes on, on the checkout's terms. Steps hold no `if (paid)` of their own.
 */
export interface SalePolicy {
  readonly kind: 'counter' | 'paid';
  /** The terms a paid sale's checkout was checked at (null at the counter, or for a checkout kept before terms were). */
  readonly terms: CheckoutTerms | null;
  /**
   * A refusal met by a step: thrown at the counter (and always, when it is a fault rather than an
   * AppError); a paid sale goes on, with `flag` telling the manager when given (without one, what it
   * means is flagged later: a stock shortfall once the stock is taken).
   */
  refuse(err: unknown, flag?: CardSaleFlag): void;
  /** Tells the manager what a paid sale went on despite; the counter never gets this far (it refuses first). */
  flag(flag: CardSaleFlag): void;
  /** The pricing settings the sale is priced at: the checkout's for a paid sale. */
  pricing(current: PricingSettings): PricingSettings;
  /** The product as the line sells it: at a paid sale, as at checkout and at the price paid. */
  productAsSold(product: ProductOfSale, item: LineInput): ProductOfSale;
  /** Takes the stock, the customer's points and the document number (hold.step.ts). */
  hold(trx: DbExecutor, request: HoldRequest): Promise<SaleHeld>;
}

export const counterPolicy: SalePolicy = {
  kind: 'counter',
  terms: null,
  refuse(err) {
    throw err;
  },
  flag(flag) {
    throw new Error(`a counter sale refuses rather than flags (${flag.reason})`);
  },
  pricing: (current) => current,
  productAsSold: (product) => product,
  hold: (trx, request) => holdCounterSaleOrRefuse(trx, request),
};

export function paidPolicy(paid: PaidSale): SalePolicy {
  const policy: SalePolicy = {
    kind: 'paid',
    terms: paid.terms,
    refuse(err, flag) {
      if (!(err instanceof AppError)) throw err;
      if (flag) addFlag(paid, flag);
    },
    flag(flag) {
      addFlag(paid, flag);
    },
    pricing: (current) => paid.terms?.pricing ?? current,
    productAsSold(product, item) {
      // The customer paid that price for that product; a price changed since is flagged.
      const price = bahtToSatang(item.price);
      if (product.deleted_at === null && !product.gone && product.price !== price) {
        addFlag(paid, { reason: 'price_changed', products: [{ productId: product.id, name: product.name }] });
      }
      const kept = paid.terms?.products.find((p) => p.id === product.id);
      return { ...product, ...kept, price };
    },
    hold: (trx, request) => holdPaidSale(trx, request, policy),
  };
  return policy;
}

export function policyOf(paid: PaidSale | undefined): SalePolicy {
  return paid ? paidPolicy(paid) : counterPolicy;
}
