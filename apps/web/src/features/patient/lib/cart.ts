import { cartTotals, type PatientCatalog, type ProductType } from '@pharmacy/shared';

/** One quote in the cart, with what the catalogue showed when it was added (the server prices the order). */
export interface CartLine {
  quote_id: number;
  name: string;
  spec: string;
  type: ProductType;
  image: string | null;
  price: string;
  stock: number;
  qty: number;
}

/** The combo in the cart: an order holds at most one (orders/user_order's quote_set_id × quote_set_qty). */
export interface CartCombo {
  id: number;
  name: string;
  price: string;
  has_rx: boolean;
  available: number;
  qty: number;
}

export interface Cart {
  lines: CartLine[];
  combo: CartCombo | null;
}

export const emptyCart = (): Cart => ({ lines: [], combo: null });

/** The most units of one line the order accepts (ORDER_MAX_QTY) or the stock allows. */
const maxQty = (stock: number) => Math.max(0, Math.min(999, stock));

export function addLine(cart: Cart, line: Omit<CartLine, 'qty'>, qty = 1): Cart {
  const existing = cart.lines.find((l) => l.quote_id === line.quote_id);
  if (existing) return setLineQty(cart, line.quote_id, existing.qty + qty);
  const capped = Math.min(qty, maxQty(line.stock));
  if (capped <= 0) return cart;
  return { ...cart, lines: [...cart.lines, { ...line, qty: capped }] };
}

/** Sets a line's quantity (bounded by its stock); 0 or less removes it. */
export function setLineQty(cart: Cart, quoteId: number, qty: number): Cart {
  if (qty <= 0) return { ...cart, lines: cart.lines.filter((l) => l.quote_id !== quoteId) };
  return {
    ...cart,
    lines: cart.lines.map((l) =>
      l.quote_id === quoteId ? { ...l, qty: Math.min(Math.floor(qty), maxQty(l.stock)) } : l,
    ),
  };
}

/** Puts a combo in the cart, replacing any other (one combo per order). */
export function setCombo(cart: Cart, combo: Omit<CartCombo, 'qty'> | null, qty = 1): Cart {
  if (!combo || qty <= 0) return { ...cart, combo: null };
  return { ...cart, combo: { ...combo, qty: Math.min(Math.floor(qty), maxQty(combo.available)) } };
}

export const cartCount = (cart: Cart) => cart.lines.reduce((n, l) => n + l.qty, 0) + (cart.combo?.qty ?? 0);

export const cartIsEmpty = (cart: Cart) => cart.lines.length === 0 && !cart.combo;

/** The cart holds a prescription (RX) item, itself or in its combo: the paid order waits for a pharmacist. */
export const cartHasRx = (cart: Cart) => cart.lines.some((l) => l.type === 'RX') || !!cart.combo?.has_rx;

/** Goods, freight and total of the cart under the pharmacy's delivery terms, exactly. */
export function totalsOf(cart: Cart, terms: Pick<PatientCatalog, 'freight' | 'free_freight_threshold'>) {
  const priced = [...cart.lines, ...(cart.combo ? [cart.combo] : [])];
  return cartTotals(priced, terms);
}

/** What the order body says about the cart: ids and quantities only. */
export function orderItemsOf(cart: Cart): {
  lines: { quote_id: number; qty: number }[];
  quote_set_id?: number;
  quote_set_qty?: number;
} {
  return {
    lines: cart.lines.map((l) => ({ quote_id: l.quote_id, qty: l.qty })),
    ...(cart.combo ? { quote_set_id: cart.combo.id, quote_set_qty: cart.combo.qty } : {}),
  };
}

// ── Persistence: one cart per account and pharmacy in localStorage ──

export const cartStorageKey = (accountId: number, pharmacyId: number) => `patient-cart:${accountId}:${pharmacyId}`;

const isLine = (v: unknown): v is CartLine => {
  const l = v as CartLine;
  return (
    !!l &&
    Number.isInteger(l.quote_id) &&
    Number.isInteger(l.qty) &&
    l.qty > 0 &&
    typeof l.name === 'string' &&
    typeof l.price === 'string' &&
    /^\d+(\.\d+)?$/.test(l.price)
  );
};

/** Reads a stored cart; anything unreadable (edited by hand, an older shape) is an empty cart. */
export function parseCart(text: string | null): Cart {
  if (!text) return emptyCart();
  try {
    const raw = JSON.parse(text) as { lines?: unknown; combo?: unknown };
    const lines = Array.isArray(raw.lines) ? raw.lines.filter(isLine) : [];
    const c = raw.combo as CartCombo | null | undefined;
    const combo =
      c && Number.isInteger(c.id) && Number.isInteger(c.qty) && c.qty > 0 && typeof c.price === 'string' ? c : null;
    return { lines, combo };
  } catch {
    return emptyCart();
  }
}
