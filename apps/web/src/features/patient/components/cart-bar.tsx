import { DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { PatientCatalog } from '@pharmacy/shared';
import { Button, Drawer, Empty } from 'antd';
import { useState } from 'react';
import { type Cart, cartCount, cartHasRx, cartIsEmpty, setCombo, setLineQty, totalsOf } from '../lib/cart';
import { RxNote, sheetProps, TypeTag, Yuan } from './bits';
import { Stepper } from './stepper';

/** The cart's bar at the bottom of the shop: count, goods amount, 去结算; tapping the cart opens its lines. */
export function CartBar({
  cart,
  update,
  terms,
  onCheckout,
}: {
  cart: Cart;
  update: (change: (cart: Cart) => Cart) => void;
  terms: Pick<PatientCatalog, 'freight' | 'free_freight_threshold'>;
  onCheckout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const count = cartCount(cart);
  const totals = totalsOf(cart, terms);
  const empty = cartIsEmpty(cart);

  return (
    <>
      <div className="patient-bottom-bar">
        <button
          type="button"
          className="patient-cart-icon"
          aria-label={`购物车，${count} 件`}
          disabled={empty}
          onClick={() => setOpen(true)}
        >
          <ShoppingCartOutlined aria-hidden="true" />
          {count > 0 ? <span className="patient-cart-count">{count}</span> : null}
        </button>
        <div style={{ flex: 1, minWidth: 0 }}>
          {empty ? (
            <span className="patient-muted">购物车是空的</span>
          ) : (
            <>
              <div>
                商品 <Yuan value={totals.goods} />
              </div>
              <div className="patient-muted">
                {totals.freight === '0.00' ? '免运费' : `运费 ¥${totals.freight}`}
                {terms.free_freight_threshold && totals.freight !== '0.00'
                  ? `，满 ¥${terms.free_freight_threshold} 包邮`
                  : ''}
              </div>
            </>
          )}
        </div>
        <Button type="primary" size="large" shape="round" disabled={empty} onClick={onCheckout}>
          去结算
        </Button>
      </div>
      <Drawer
        open={open && !empty}
        onClose={() => setOpen(false)}
        placement="bottom"
        size="auto"
        title={`购物车（${count} 件）`}
        extra={
          <Button
            type="text"
            icon={<DeleteOutlined />}
            onClick={() => {
              update(() => ({ lines: [], combo: null }));
              setOpen(false);
            }}
          >
            清空
          </Button>
        }
        {...sheetProps}
      >
        {cartHasRx(cart) ? <RxNote /> : null}
        {empty ? <Empty description="购物车是空的" /> : null}
        {cart.combo ? (
          <div className="patient-row" style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <div style={{ minWidth: 0 }}>
              <div className="patient-product-name">【套餐】{cart.combo.name}</div>
              <Yuan value={cart.combo.price} />
            </div>
            <Stepper
              label={cart.combo.name}
              value={cart.combo.qty}
              max={cart.combo.available}
              onChange={(qty) => update((c) => setCombo(c, c.combo, qty))}
            />
          </div>
        ) : null}
        {cart.lines.map((l) => (
          <div key={l.quote_id} className="patient-row" style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <div style={{ minWidth: 0 }}>
              <div className="patient-product-name">{l.name}</div>
              <div className="patient-muted">
                <TypeTag type={l.type} /> {l.spec}
              </div>
              <Yuan value={l.price} />
            </div>
            <Stepper
              label={l.name}
              value={l.qty}
              max={Math.min(999, l.stock)}
              onChange={(qty) => update((c) => setLineQty(c, l.quote_id, qty))}
            />
          </div>
        ))}
      </Drawer>
    </>
  );
}
