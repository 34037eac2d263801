import {
  bahtToSatang,
  msg,
  priceSale,
  PricingError,
  pricingSettingsOf,
  satangToBaht,
  type PricingProblem,
  type PricingSettings,
  type SaleFigures,
  type ServerFigures,
} from '@pos/core';
import { AppError } from '../../../http/app-error';
import { sameFigures } from '../paid-sale';
import type { SaleContext } from './sale-context';
import type { SaleLine } from './lines.step';

/** A new error per refusal: a shared instance would carry the first throw's stack and could be changed by a handler. */
function pricingRefusal(problem: PricingProblem): AppError {
  switch (problem) {
    case 'EMPTY_CART':
    case 'DISCOUNT_OVER_SUBTOTAL':
      return new AppError({ status: 400, code: problem });
    case 'BAD_QUANTITY':
      return new AppError({ status: 400, code: 'VALIDATION_FAILED', message: msg('server.quantityInvalid') });
    case 'BAD_PRICE':
      return new AppError({ status: 400, code: 'VALIDATION_FAILED', message: msg('server.priceInvalid') });
    case 'BAD_POINTS':
      return new AppError({ status: 400, code: 'VALIDATION_FAILED', message: msg('server.pointsInvalid') });
  }
}

export interface PricedSale {
  figures: SaleFigures;
  /** The pricing settings the sale was priced at (the checkout's for a paid sale). */
  pricing: PricingSettings;
}

/**
 * Step: the server prices the sale (core's priceSale) and the till must have shown the same figures:
 * otherwise 409 TOTALS_CHANGED with the server's. A paid sale stands at its checkout's figures, flagged
 * when today's settings would price it differently.
 */
export function priceLines({ input, settings, policy }: SaleContext, lines: SaleLine[]): PricedSale {
  const currentPricing = pricingSettingsOf(settings);
  const pricing = policy.pricing(currentPricing);
  const price = (terms: PricingSettings) =>
    priceSale(
      lines.map(({ item, product }) => ({ price: product.price, quantity: item.quantity })),
      { pointsUsed: input.pointsUsed, excludeVat: input.excludeVAT, settings: terms },
    );
  let figures: SaleFigures;
  try {
    figures = price(pricing);
  } catch (err) {
    if (err instanceof PricingError) throw pricingRefusal(err.problem);
    throw err;
  }
  if (pricing !== currentPricing && !sameFigures(figures, price(currentPricing))) {
    policy.flag({ reason: 'settings_changed' });
  }

  const clientAgrees =
    bahtToSatang(input.subtotal) === figures.subtotal &&
    bahtToSatang(input.discount) === figures.discount &&
    bahtToSatang(input.tax) === figures.tax &&
    bahtToSatang(input.total) === figures.total &&
    (input.pointsEarned === undefined || input.pointsEarned === figures.pointsEarned) &&
    lines.every(({ item, product }) => bahtToSatang(item.price) === product.price);
  if (clientAgrees) return { figures, pricing };
  const server: ServerFigures = {
    subtotal: satangToBaht(figures.subtotal),
    discount: satangToBaht(figures.discount),
    tax: satangToBaht(figures.tax),
    total: satangToBaht(figures.total),
    pointsEarned: figures.pointsEarned,
    items: lines.map(({ product }) => ({ productId: product.id, price: satangToBaht(product.price) })),
  };
  policy.refuse(new AppError({ status: 409, code: 'TOTALS_CHANGED', details: { server } }), {
    reason: 'settings_changed',
  });
  // A paid checkout kept before checkouts kept their terms, paid after the pricing settings changed: its
  // request's figures are the ones the server agreed to at checkout and Stripe charged, so they stand.
  return {
    figures: {
      subtotal: bahtToSatang(input.subtotal),
      discount: bahtToSatang(input.discount),
      tax: bahtToSatang(input.tax),
      total: bahtToSatang(input.total),
      pointsEarned: input.pointsEarned ?? figures.pointsEarned,
    },
    pricing,
  };
}
