import { describe, expect, it } from 'vitest';
import {
  addLine,
  type CartLine,
  cartCount,
  cartHasRx,
  emptyCart,
  orderItemsOf,
  parseCart,
  setCombo,
  setLineQty,
  totalsOf,
} from './cart';

const terms = { freight: '8.00', free_freight_threshold: '99.00' };
const line = (over: Partial<CartLine> = {}): Omit<CartLine, 'qty'> => ({
  quote_id: 1,
  name: '布洛芬缓释胶囊',
  spec: '0.3g×20粒',
  type: 'OTC',
  image: null,
  price: '19.90',
  stock: 5,
  ...over,
});
const combo = { id: 7, name: '感冒发烧家庭套餐', price: '56.90', has_rx: false, available: 3 };

describe('the cart', () => {
  it('adds a quote once and counts up, never beyond its stock', () => {
    let cart = addLine(emptyCart(), line());
    cart = addLine(cart, line(), 3);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].qty).toBe(4);
    cart = addLine(cart, line(), 10);
    expect(cart.lines[0].qty).toBe(5);
    expect(addLine(emptyCart(), line({ stock: 0 })).lines).toHaveLength(0);
  });

  it('removes a line set to 0', () => {
    const cart = setLineQty(addLine(emptyCart(), line()), 1, 0);
    expect(cart.lines).toHaveLength(0);
  });

  it('holds at most one combo: another replaces it', () => {
    let cart = setCombo(emptyCart(), combo, 2);
    cart = setCombo(cart, { ...combo, id: 8, name: '儿童腹泻护理套餐' });
    expect(cart.combo).toMatchObject({ id: 8, qty: 1 });
    expect(setCombo(cart, combo, 9).combo?.qty).toBe(3);
    expect(cartCount(setCombo(addLine(emptyCart(), line(), 2), combo, 2))).toBe(4);
  });

  it('totals lines and combo exactly, with freight until the free-shipping threshold', () => {
    // 19.90 × 3 + 0.10 × 3 = 60.00: floats give 59.99999…
    let cart = addLine(addLine(emptyCart(), line(), 3), line({ quote_id: 2, price: '0.10', stock: 99 }), 3);
    expect(totalsOf(cart, terms)).toEqual({ goods: '60.00', freight: '8.00', total: '68.00' });
    cart = setCombo(cart, combo, 1);
    expect(totalsOf(cart, terms)).toEqual({ goods: '116.90', freight: '0.00', total: '116.90' });
  });

  it('knows an RX item, itself or in its combo, means a prescription review', () => {
    expect(cartHasRx(addLine(emptyCart(), line()))).toBe(false);
    expect(cartHasRx(addLine(emptyCart(), line({ type: 'RX' })))).toBe(true);
    expect(cartHasRx(setCombo(emptyCart(), { ...combo, has_rx: true }))).toBe(true);
  });

  it('sends ids and quantities only', () => {
    const cart = setCombo(addLine(emptyCart(), line(), 2), combo, 1);
    expect(orderItemsOf(cart)).toEqual({ lines: [{ quote_id: 1, qty: 2 }], quote_set_id: 7, quote_set_qty: 1 });
    expect(orderItemsOf(addLine(emptyCart(), line()))).toEqual({ lines: [{ quote_id: 1, qty: 1 }] });
  });

  it('reads back what it stored and drops what it cannot read', () => {
    const cart = setCombo(addLine(emptyCart(), line(), 2), combo, 1);
    expect(parseCart(JSON.stringify(cart))).toEqual(cart);
    expect(parseCart('not json')).toEqual(emptyCart());
    expect(parseCart(JSON.stringify({ lines: [{ quote_id: 1, qty: 1, name: 'x', price: '1e9' }] })).lines).toEqual([]);
    expect(parseCart(null)).toEqual(emptyCart());
  });
});
