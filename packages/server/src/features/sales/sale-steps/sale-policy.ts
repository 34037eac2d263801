import { bahtToSatang } from '@pos/core';
import { AppError } from '../../../http/app-error';
import { addFlag, type PaidSale } from '../paid-sale';
import { holdCounterSaleOrRefuse, holdPaidSale } from './hold.step';
import type { SaleMode, SalePolicy } from './sale-context';
import type { OfflineSale } from '../paid-sale';

// The two policies of SalePolicy (sale-context.ts): the counter's refuses, a paid card sale's flags.

export const counterPolicy: SalePolicy = {
  kind: 'counter',
  terms: null,
  refuse(err) {
    throw err;
  },
  flag(flag) {
    throw new Error(`a counter sale refuses rather than flags (${flag.reason})`);
  },
  alreadyFlagged: () => counterPolicy,
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
    alreadyFlagged: () => ({
      ...policy,
      refuse(err) {
        if (!(err instanceof AppError)) throw err;
      },
    }),
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

/**
 * An offline sale's: a paid sale's (it happened, the goods left), priced with the rules the till used and at the
 * prices it sold at; a price the product has not had since the till last synced is flagged, not refused.
 */
export function offlinePolicy(offline: OfflineSale): SalePolicy {
  const paid = paidPolicy(offline.paid);
  return {
    ...paid,
    pricing: (current) => offline.pricing ?? current,
    productAsSold(product, item) {
      const price = bahtToSatang(item.price);
      const known =
        product.price === price ||
        product.gone === true ||
        product.deleted_at !== null ||
        offline.priceKnown(product.id, item.variantId, price);
      if (!known)
        addFlag(offline.paid, { reason: 'price_unknown', products: [{ productId: product.id, name: product.name }] });
      return { ...product, price };
    },
  };
}

export function policyOf(mode: SaleMode): SalePolicy {
  if (mode.offline) return offlinePolicy(mode.offline);
  return mode.paid ? paidPolicy(mode.paid) : counterPolicy;
}
