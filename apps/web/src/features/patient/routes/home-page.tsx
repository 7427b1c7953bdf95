import type { PharmacyProduct, PublicPharmacy } from '@pharmacy/shared';
import { Button, Empty, Input, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCatalog } from '../api/get-catalog';
import { usePharmacy } from '../api/get-pharmacy';
import { useProducts } from '../api/get-products';
import { Card, Thumb, TypeTag, Yuan } from '../components/bits';
import { CartBar } from '../components/cart-bar';
import { PharmacyHeader, PharmacyList } from '../components/pharmacy-picker';
import { AddButton, Stepper } from '../components/stepper';
import { addLine, type Cart, setCombo, setLineQty } from '../lib/cart';
import { useCart } from '../lib/use-cart';

const LAST_PHARMACY_KEY = 'patient-last-pharmacy';

const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

function lastPharmacy(): number | null {
  try {
    return positiveId(localStorage.getItem(LAST_PHARMACY_KEY));
  } catch {
    return null;
  }
}

function ProductRow({
  product,
  cart,
  update,
}: {
  product: PharmacyProduct;
  cart: Cart;
  update: (change: (cart: Cart) => Cart) => void;
}) {
  const inCart = cart.lines.find((l) => l.quote_id === product.id);
  const soldOut = product.stock <= 0;
  const name = product.product.name;
  return (
    <article className="patient-product" aria-label={name}>
      <Thumb src={product.product.image} alt={name} />
      <div className="patient-product-body">
        <div className="patient-product-name">{name}</div>
        <div className="patient-muted">
          <TypeTag type={product.product.type} /> {product.product.spec}
          {product.product.type === 'RX' ? ' · 需审方' : ''}
        </div>
        <div className="patient-muted">{product.product.manufacturer}</div>
        <div className="patient-row">
          <span>
            <Yuan value={product.price} />
            {product.original_price && product.original_price !== product.price ? (
              <s className="patient-muted" style={{ marginLeft: 6 }}>
                ¥{product.original_price}
              </s>
            ) : null}
          </span>
          {soldOut ? (
            <span className="patient-muted">已售罄</span>
          ) : inCart ? (
            <Stepper
              label={name}
              value={inCart.qty}
              max={Math.min(999, product.stock)}
              onChange={(qty) => update((c) => setLineQty(c, product.id, qty))}
            />
          ) : (
            <AddButton
              label={name}
              onClick={() =>
                update((c) =>
                  addLine(c, {
                    quote_id: product.id,
                    name,
                    spec: product.product.spec,
                    type: product.product.type,
                    image: product.product.image,
                    price: product.price,
                    stock: product.stock,
                  }),
                )
              }
            />
          )}
        </div>
      </div>
    </article>
  );
}

function Products({
  pharmacyId,
  q,
  cart,
  update,
}: {
  pharmacyId: number;
  q: string;
  cart: Cart;
  update: (change: (cart: Cart) => Cart) => void;
}) {
  const products = useProducts({ pharmacy_id: pharmacyId, q: q || undefined });
  const list = products.data?.pages.flatMap((p) => p.list) ?? [];
  const total = products.data?.pages[0]?.total ?? 0;
  if (products.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (list.length === 0) return <Empty description={q ? `没有找到「${q}」` : '该药店暂无在售商品'} />;
  return (
    <Card>
      {list.map((p) => (
        <ProductRow key={p.id} product={p} cart={cart} update={update} />
      ))}
      <div style={{ textAlign: 'center', paddingTop: 8 }}>
        {products.hasNextPage ? (
          <Button type="link" loading={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()}>
            加载更多（共 {total} 种）
          </Button>
        ) : (
          <span className="patient-muted">共 {total} 种商品</span>
        )}
      </div>
    </Card>
  );
}

/** 首页: the chosen pharmacy's shop (products and combos) with the cart, or the pharmacy directory. */
export default function PatientHomePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const fromUrl = positiveId(params.get('pharmacy_id'));
  const pharmacyId = fromUrl ?? lastPharmacy();
  const tab = params.get('tab') === 'combos' ? 'combos' : 'products';
  const q = (params.get('q') ?? '').slice(0, 50);
  const catalog = useCatalog(pharmacyId);
  const pharmacy = usePharmacy(pharmacyId);
  const { cart, update } = useCart(pharmacyId);

  useEffect(() => {
    if (!pharmacyId || !catalog.data) return;
    try {
      localStorage.setItem(LAST_PHARMACY_KEY, String(pharmacyId));
    } catch {
      // private mode: the choice lasts this visit
    }
  }, [pharmacyId, catalog.data]);

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    if (pharmacyId) next.set('pharmacy_id', String(pharmacyId));
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const pick = (p: PublicPharmacy) => setParams({ pharmacy_id: String(p.id) });

  if (!pharmacyId || catalog.isError || pharmacy.isError) {
    return (
      <>
        {catalog.isError || pharmacy.isError ? (
          <Result status="warning" title="该药店暂不可用" subTitle="请选择其他药店" style={{ padding: 16 }} />
        ) : (
          <h2 className="patient-card-title" style={{ margin: '4px 4px 10px' }}>
            选择药店
          </h2>
        )}
        <PharmacyList onPick={pick} />
      </>
    );
  }
  if (!catalog.data || !pharmacy.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const shop = catalog.data;
  const terms = shop.free_freight_threshold
    ? `运费 ¥${shop.freight}，满 ¥${shop.free_freight_threshold} 包邮`
    : shop.freight === '0.00'
      ? '全场包邮'
      : `运费 ¥${shop.freight}`;

  return (
    <>
      <PharmacyHeader name={pharmacy.data.name} address={pharmacy.data.address} note={terms} onPick={pick} />
      <nav className="patient-segment" aria-label="商品或套餐">
        <button type="button" aria-pressed={tab === 'products'} onClick={() => setParam({ tab: null })}>
          商品
        </button>
        <button type="button" aria-pressed={tab === 'combos'} onClick={() => setParam({ tab: 'combos' })}>
          套餐{shop.combos.length ? `（${shop.combos.length}）` : ''}
        </button>
      </nav>
      {tab === 'products' ? (
        <>
          <Input.Search
            key={q}
            defaultValue={q}
            placeholder="搜索药品名称、通用名"
            allowClear
            aria-label="搜索药品"
            onSearch={(v) => setParam({ q: v.trim() || null })}
            style={{ marginBottom: 10 }}
          />
          <Products pharmacyId={pharmacyId} q={q} cart={cart} update={update} />
        </>
      ) : shop.combos.length === 0 ? (
        <Empty description="该药店暂无在售套餐" />
      ) : (
        shop.combos.map((combo) => {
          const chosen = cart.combo?.id === combo.id;
          return (
            <Card key={combo.id} title={combo.name} extra={combo.has_rx ? <TypeTag type="RX" /> : undefined}>
              <ul style={{ margin: '0 0 8px', paddingLeft: 18, fontSize: 13 }}>
                {combo.items.map((i) => (
                  <li key={i.quote_id}>
                    {i.product_name} {i.spec} × {i.qty}
                  </li>
                ))}
              </ul>
              <div className="patient-row">
                <span>
                  套餐价 <Yuan value={combo.price} />
                  <s className="patient-muted" style={{ marginLeft: 6 }}>
                    ¥{combo.original_total}
                  </s>
                </span>
                {combo.available <= 0 ? (
                  <span className="patient-muted">已售罄</span>
                ) : chosen && cart.combo ? (
                  <Stepper
                    label={combo.name}
                    value={cart.combo.qty}
                    max={combo.available}
                    onChange={(qty) => update((c) => setCombo(c, c.combo, qty))}
                  />
                ) : (
                  <Button
                    size="small"
                    shape="round"
                    type="primary"
                    onClick={() =>
                      update((c) =>
                        setCombo(c, {
                          id: combo.id,
                          name: combo.name,
                          price: combo.price,
                          has_rx: combo.has_rx,
                          available: combo.available,
                        }),
                      )
                    }
                  >
                    {cart.combo ? '换成此套餐' : '选购套餐'}
                  </Button>
                )}
              </div>
            </Card>
          );
        })
      )}
      <CartBar
        cart={cart}
        update={update}
        terms={shop}
        onCheckout={() => navigate(`/patient/checkout?pharmacy_id=${pharmacyId}`)}
      />
    </>
  );
}
