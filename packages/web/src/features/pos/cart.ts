/**
 * The POS cart: its state and every rule of spec 000 §4–§5, as pure functions.
 * Money stays in baht on the product (as the API sends it) and goes through
 * core's satang arithmetic for every figure.
 */
import {
  bahtToSatang,
  pointsDiscount,
  priceSale,
  PricingError,
  type PosProduct,
  type PosVariant,
  type PricingSettings,
  type SaleFigures,
  type Satang,
  onlyVariant,
  planStyleTakes,
  sellableUnits,
  variantName,
  variantPrice,
  variantProblem,
  type VariantChoice,
} from '@pos/core';

/** What a cart line keeps of its product (spec 000 §3 "cart line"), with the variants it sells. */
export type CartProduct = Pick<
  PosProduct,
  | 'id'
  | 'name'
  | 'price'
  | 'original_price'
  | 'stock'
  | 'unassigned_stock'
  | 'image_url'
  | 'sizes'
  | 'colors'
  | 'sku'
  | 'barcode'
  | 'category'
  | 'variants'
>;

/**
 * One variant (size × colour) of a product: two sizes of a shirt are two lines. `price` is the variant's
 * own price or the product's (baht), as the till shows it and the server checks it.
 */
export interface CartLine extends VariantChoice {
  product: CartProduct;
  variantId: number;
  price: number;
  quantity: number;
}

/** The product's variant of a size and colour that sells, if any. */
export function variantOf(product: CartProduct, choice: VariantChoice): PosVariant | undefined {
  return product.variants.find((v) => v.size === choice.size && v.color === choice.color);
}

/**
 * How many of a variant can still go into the cart: what the variant holds, and what its product's
 * unassigned stock (counted before sizes were) has left after the product's other lines took what their
 * own variants lacked (core's `planStyleTakes`, the server's rule, docs/selling-rules.md).
 */
export function availableOf(
  lines: readonly CartLine[],
  product: CartProduct,
  variant: PosVariant,
  exceptKey: string | null = null,
): number {
  const others = lines.filter(
    (line) => line.product.id === product.id && line.variantId !== variant.id && keyOf(line) !== exceptKey,
  );
  const { unassignedLeft } = planStyleTakes(
    others.map((line) => ({ quantity: line.quantity, stock: variantOf(product, line)?.stock ?? 0 })),
    product.unassigned_stock,
  );
  const inCart = lines.find((l) => l.variantId === variant.id && keyOf(l) !== exceptKey)?.quantity ?? 0;
  return Math.max(0, sellableUnits(variant.stock, unassignedLeft) - inCart);
}

/** What a variant can sell before the cart takes any: its stock and its product's unassigned stock. */
export function sellableOf(product: CartProduct, variant: PosVariant): number {
  return sellableUnits(variant.stock, product.unassigned_stock);
}

/** A line's identity: product, size and colour. */
export function lineKey(productId: number, size: string | null, color: string | null): string {
  return JSON.stringify([productId, size, color]);
}

export function keyOf(line: CartLine): string {
  return lineKey(line.product.id, line.size, line.color);
}

/** How many of a product the cart holds over all its lines (stock is per product, not per size). */
export function quantityOfProduct(lines: readonly CartLine[], productId: number): number {
  return lines.reduce((sum, line) => (line.product.id === productId ? sum + line.quantity : sum), 0);
}

export interface CartState {
  lines: readonly CartLine[];
  customerId: number | null;
  /** What is typed in the points box. */
  pointsInput: string;
  /** Points applied as a discount (0: none). */
  pointsUsed: number;
  excludeVat: boolean;
}

export const EMPTY_CART: CartState = Object.freeze({
  lines: Object.freeze([]) as readonly CartLine[],
  customerId: null,
  pointsInput: '',
  pointsUsed: 0,
  excludeVat: false,
});

/** Why an add or a quantity change was refused or cut down. */
export type CartNotice =
  | { kind: 'outOfStock'; name: string }
  | { kind: 'insufficientStock'; name: string; available: number }
  | { kind: 'clamped'; name: string; available: number }
  | { kind: 'unavailable'; name: string }
  /** The chosen size or colour is no longer offered, or one must be chosen. */
  | { kind: 'variantUnavailable'; name: string };

export interface CartResult {
  state: CartState;
  notice: CartNotice | null;
}

function snapshot(product: CartProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    original_price: product.original_price,
    stock: product.stock,
    unassigned_stock: product.unassigned_stock,
    image_url: product.image_url,
    sizes: [...product.sizes],
    colors: [...product.colors],
    sku: product.sku,
    barcode: product.barcode,
    category: product.category,
    variants: product.variants.map((v) => ({ ...v })),
  };
}

/** Spec 000 §4: any change of customer or cart clears the points entry, the discount and the VAT exclusion. */
function clearExtras(state: CartState): CartState {
  return { ...state, pointsInput: '', pointsUsed: 0, excludeVat: false };
}

function withLines(state: CartState, lines: readonly CartLine[]): CartState {
  return clearExtras({ ...state, lines });
}

/**
 * Adds one of a product in the chosen size and colour (by default the only
 * ones it has): a new line, or that line raised by one, never past what the
 * variant and its product's unassigned stock hold over the cart's lines.
 */
export function addProduct(
  state: CartState,
  product: CartProduct,
  choice: VariantChoice | null = onlyVariant(product),
): CartResult {
  if (product.stock <= 0) return { state, notice: { kind: 'outOfStock', name: product.name } };
  const variant = choice === null || variantProblem(product, choice) !== null ? undefined : variantOf(product, choice);
  if (!choice || !variant) return { state, notice: { kind: 'variantUnavailable', name: product.name } };
  const name = lineName(product, choice);
  if (sellableOf(product, variant) <= 0) return { state, notice: { kind: 'outOfStock', name } };
  if (availableOf(state.lines, product, variant) < 1) {
    const available = availableOf(state.lines, product, variant) + quantityOfVariant(state.lines, variant.id);
    return { state, notice: { kind: 'insufficientStock', name, available } };
  }
  const key = lineKey(product.id, choice.size, choice.color);
  const fresh = snapshot(product);
  // Every line of the product takes the product as it is now (price, stock).
  const lines = state.lines.map((line) =>
    line.product.id !== product.id
      ? line
      : { ...line, product: fresh, quantity: keyOf(line) === key ? line.quantity + 1 : line.quantity },
  );
  if (!state.lines.some((line) => keyOf(line) === key)) {
    lines.push({
      product: fresh,
      size: choice.size,
      color: choice.color,
      variantId: variant.id,
      price: variantPrice(product, variant),
      quantity: 1,
    });
  }
  return { state: withLines(state, lines), notice: null };
}

function quantityOfVariant(lines: readonly CartLine[], variantId: number): number {
  return lines.find((l) => l.variantId === variantId)?.quantity ?? 0;
}

/** A notice's name: the product's, with the size and colour when it has them ("โปโล ดำ / M"). */
function lineName(product: CartProduct, choice: VariantChoice): string {
  return variantName(product.name, choice);
}

/** The quantity box's text as a whole number ("3", "3.7" → 3); null while it holds no number. */
export function parseQuantity(text: string): number | null {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isNaN(n) ? null : n;
}

/**
 * Sets a line's quantity: 0 or less removes the line; above what the stock
 * leaves after the product's other lines is cut to that, with a warning.
 */
export function setQuantity(state: CartState, key: string, quantity: number): CartResult {
  const line = state.lines.find((l) => keyOf(l) === key);
  if (!line) return { state, notice: null };
  if (!Number.isFinite(quantity)) return { state, notice: null };
  const wanted = Math.trunc(quantity);
  if (wanted <= 0) return { state: removeLine(state, key), notice: null };
  const variant = variantOf(line.product, line);
  const available = variant ? availableOf(state.lines, line.product, variant, key) : 0;
  let next = wanted;
  let notice: CartNotice | null = null;
  if (wanted > available) {
    next = available;
    notice = { kind: 'clamped', name: lineName(line.product, line), available };
    if (available <= 0) return { state: removeLine(state, key), notice };
  }
  if (next === line.quantity) return { state, notice };
  const lines = state.lines.map((l) => (keyOf(l) === key ? { ...l, quantity: next } : l));
  return { state: withLines(state, lines), notice };
}

export function removeLine(state: CartState, key: string): CartState {
  if (!state.lines.some((l) => keyOf(l) === key)) return state;
  return withLines(
    state,
    state.lines.filter((l) => keyOf(l) !== key),
  );
}

export function setCustomer(state: CartState, customerId: number | null): CartState {
  if (state.customerId === customerId) return state;
  return clearExtras({ ...state, customerId });
}

export function setExcludeVat(state: CartState, excludeVat: boolean): CartState {
  return { ...state, excludeVat };
}

export function setPointsInput(state: CartState, pointsInput: string): CartState {
  return { ...state, pointsInput };
}

/** Why points cannot be used (spec 000 §5). */
export type PointsError =
  | { kind: 'pointsRequired' }
  | { kind: 'needCustomer' }
  | { kind: 'notEnoughPoints'; balance: number }
  | { kind: 'discountOverSubtotal' };

export type PointsCheck = { ok: true; points: number } | { ok: false; error: PointsError };

/**
 * Checks a points entry: a positive whole number, a selected customer holding
 * that many points, and a discount no larger than the item subtotal.
 */
export function validatePoints(
  input: string,
  customer: { loyalty_points: number } | null | undefined,
  subtotal: Satang,
  onePointValueInBaht: number,
): PointsCheck {
  const text = input.trim();
  if (!/^\d+$/.test(text) || Number(text) <= 0) return { ok: false, error: { kind: 'pointsRequired' } };
  if (!customer) return { ok: false, error: { kind: 'needCustomer' } };
  const points = Number(text);
  if (!Number.isSafeInteger(points) || points > customer.loyalty_points) {
    return { ok: false, error: { kind: 'notEnoughPoints', balance: customer.loyalty_points } };
  }
  if (pointsDiscount(points, onePointValueInBaht) > subtotal) {
    return { ok: false, error: { kind: 'discountOverSubtotal' } };
  }
  return { ok: true, points };
}

/** Applies the typed points as a discount, or says why not. */
export function applyPoints(
  state: CartState,
  customer: { loyalty_points: number } | null | undefined,
  settings: PricingSettings,
): { state: CartState; error: PointsError | null } {
  const check = validatePoints(state.pointsInput, customer, subtotalOf(state), settings.onePointValueInBaht);
  if (!check.ok) return { state, error: check.error };
  return { state: { ...state, pointsUsed: check.points, pointsInput: String(check.points) }, error: null };
}

/** Cancels an applied points discount (spec 000 §4: a cancel action reverts it). */
export function cancelPoints(state: CartState): CartState {
  return { ...state, pointsUsed: 0, pointsInput: '' };
}

/**
 * Brings the cart's products up to date after the product list was reloaded:
 * new prices and stock, quantities cut to the stock (over all lines of a
 * product), lines of products that are gone or whose size or colour is no
 * longer offered removed. A quantity cut or a removed line is a cart change (points,
 * discount and VAT exclusion cleared); a price change keeps them while the
 * discount still fits.
 */
export function syncProducts(
  state: CartState,
  products: readonly CartProduct[],
  onePointValueInBaht: number,
): { state: CartState; notices: CartNotice[] } {
  if (state.lines.length === 0) return { state, notices: [] };
  const byId = new Map(products.map((p) => [p.id, p]));
  const notices: CartNotice[] = [];
  let structural = false;
  let touched = false;
  const lines: CartLine[] = [];
  for (const line of state.lines) {
    const fresh = byId.get(line.product.id);
    if (!fresh) {
      notices.push({ kind: 'unavailable', name: line.product.name });
      structural = true;
      continue;
    }
    const name = lineName(fresh, line);
    const variant = variantProblem(fresh, line) === null ? variantOf(fresh, line) : undefined;
    if (!variant) {
      notices.push({ kind: 'variantUnavailable', name });
      structural = true;
      continue;
    }
    if (fresh.stock <= 0 || sellableOf(fresh, variant) <= 0) {
      notices.push({ kind: 'outOfStock', name });
      structural = true;
      continue;
    }
    // What the lines kept so far leave of the variant and its product's unassigned stock.
    const left = availableOf(lines, fresh, variant);
    let quantity = line.quantity;
    if (quantity > left) {
      quantity = left;
      notices.push({ kind: 'clamped', name, available: sellableOf(fresh, variant) });
      structural = true;
      if (quantity <= 0) continue;
    }
    const price = variantPrice(fresh, variant);
    const changed = !sameProduct(line.product, fresh) || price !== line.price || variant.id !== line.variantId;
    if (changed || quantity !== line.quantity) touched = true;
    lines.push(
      changed ? { ...line, product: snapshot(fresh), variantId: variant.id, price, quantity } : { ...line, quantity },
    );
  }
  if (!structural && !touched) return { state, notices };
  let next: CartState = { ...state, lines };
  if (structural) next = clearExtras(next);
  else if (pointsDiscount(next.pointsUsed, onePointValueInBaht) > subtotalOf(next)) next = cancelPoints(next);
  return { state: next, notices };
}

function sameProduct(a: CartProduct, b: CartProduct): boolean {
  return (
    a.name === b.name &&
    a.price === b.price &&
    a.original_price === b.original_price &&
    a.stock === b.stock &&
    a.image_url === b.image_url &&
    a.sku === b.sku &&
    a.barcode === b.barcode &&
    a.category === b.category &&
    a.sizes.join('\u0000') === b.sizes.join('\u0000') &&
    a.colors.join('\u0000') === b.colors.join('\u0000') &&
    a.unassigned_stock === b.unassigned_stock &&
    a.variants.length === b.variants.length &&
    a.variants.every((v, i) => {
      const w = b.variants[i];
      return w !== undefined && v.id === w.id && v.stock === w.stock && v.price === w.price && v.barcode === w.barcode;
    })
  );
}

/** Number of pieces in the cart (the floating cart button's count). */
export function itemCount(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function subtotalOf(state: CartState): Satang {
  return state.lines.reduce((sum, line) => sum + bahtToSatang(line.price) * line.quantity, 0);
}

/** Every figure of the cart from core's priceSale; null for an empty cart. */
export function cartFigures(state: CartState, settings: PricingSettings): SaleFigures | null {
  if (state.lines.length === 0) return null;
  const lines = state.lines.map((line) => ({ price: bahtToSatang(line.price), quantity: line.quantity }));
  try {
    return priceSale(lines, { pointsUsed: state.pointsUsed, excludeVat: state.excludeVat, settings });
  } catch (error) {
    if (error instanceof PricingError && error.problem === 'DISCOUNT_OVER_SUBTOTAL') {
      return priceSale(lines, { pointsUsed: 0, excludeVat: state.excludeVat, settings });
    }
    throw error;
  }
}
