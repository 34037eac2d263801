import type { CardSaleFlag, CreateSaleRequest, CreateSaleResponse, PricingSettings, StoredSettings } from '@pos/core';
import type { z } from 'zod';
import type { DbExecutor } from '../../../db/executor';
import type { Deps } from '../../../deps';
import type { SessionUser } from '../../../http/request-user';
import type { CheckoutTerms, OfflineSale, PaidSale } from '../paid-sale';
import type { CustomerRow } from '../../customers/customers.queries';
import type { ProductForSale, StockTake, VariantForSale } from '../sales.queries';

export type SaleInput = z.output<typeof CreateSaleRequest>;
export type LineInput = SaleInput['items'][number];

/** A product of the sale; `gone`: a paid sale's product removed altogether since its checkout (no stock to take). */
export type ProductOfSale = ProductForSale & { gone?: true };

/** How a sale is being recorded: at the counter, or for a card checkout (checked first, then paid). */
export interface SaleMode {
  /** 'provider': the method's provider took (or will take) the money; see payment.step.ts. */
  via: 'counter' | 'provider';
  /** The provider's session, kept on the payment. */
  providerSessionId?: string;
  /**
   * Paid already (card money taken): nothing that changed since the checkout refuses the sale. It is
   * recorded at the checkout's prices and terms, and each refusal it would have met becomes a flag
   * (stock that ran out is taken below zero, a deleted customer keeps only the name, ...).
   */
  paid?: PaidSale;
  /** Made offline and sent later (issue 38): recorded whatever changed since, flagged as a paid sale is. */
  offline?: OfflineSale;
  /** Runs in the sale's transaction once it is written (a card checkout links itself to the sale). */
  onRecorded?: (trx: DbExecutor, answer: CreateSaleResponse) => Promise<void>;
}

/** What every step of a sale reads: the request, who sells, the shop's settings and the sale's one clock reading. */
export interface SaleContext {
  trx: DbExecutor;
  deps: Pick<Deps, 'config'>;
  seller: SessionUser;
  input: SaleInput;
  mode: SaleMode;
  /** Refuse (at the counter) or flag (a paid card sale): see sale-policy.ts. */
  policy: SalePolicy;
  settings: StoredSettings;
  /** Whether the shop has a till switched on (then a sale joins its till's open shift, where required). */
  liveTills: boolean;
  now: Date;
  nowIso: string;
}

/** What a sale holds once its stock, customer and number are taken, to write its rows with. */
export interface SaleHeld {
  newStock: Map<number, number>;
  customer: CustomerRow | undefined;
  /** A paid sale's customer deleted meanwhile: the name (and the link while the row is kept). */
  keptCustomer: { id: number | null; name: string | null } | null;
  pointsTaken: number;
  finalPoints: number | null;
  sequence: number;
  /** PostgreSQL counter sales: the ids drawn for the sale and its lines (see `holdCounterSale`). */
  ids: { saleId: number; itemIds: number[] } | null;
}

export interface HoldRequest {
  input: SaleInput;
  products: Map<number, ProductOfSale>;
  takes: StockTake[];
  /** The sale's variants by id (their names for a refusal or flag). */
  variants: Map<number, VariantForSale>;
  pointsEarned: number;
  total: number;
  series: string;
  nowIso: string;
  /** How many lines the sale has (PostgreSQL draws their ids with the locks). */
  lines: number;
  /** The number already reserved for it (an offline sale's from its till's block): the series is not advanced. */
  sequence: number | null;
}

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
  /**
   * This policy for a line whose product is flagged already (a paid sale's product deleted since): further
   * refusals of that line go on unflagged, one flag a product being enough. The counter refused such a line
   * before it got here, so its own stays as it is.
   */
  alreadyFlagged(): SalePolicy;
  /** The pricing settings the sale is priced at: the checkout's for a paid sale. */
  pricing(current: PricingSettings): PricingSettings;
  /** The product as the line sells it: at a paid sale, as at checkout and at the price paid. */
  productAsSold(product: ProductOfSale, item: LineInput): ProductOfSale;
  /** Takes the stock, the customer's points and the document number (hold.step.ts). */
  hold(trx: DbExecutor, request: HoldRequest): Promise<SaleHeld>;
}
