import { PlayCircleOutlined, ShopOutlined } from '@ant-design/icons';
import { clientMessages, ErrorCode, liveStatusLabels, type ShareOpen } from '@pharmacy/shared';
import { Button, Result, Spin, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useSharedPackage } from '../api/share-open';
import { Card, RxNote, Thumb, TypeTag, Yuan } from '../components/bits';
import { addLine, emptyCart, setCombo } from '../lib/cart';
import { useCart } from '../lib/use-cart';

const home = <Link to="/patient">去首页</Link>;

/** What the share offers to buy now: its on-shelf items in stock (bounded by the stock), or its combo. */
function buyable(share: ShareOpen) {
  const items = share.items.filter((i) => i.on_shelf && i.stock > 0);
  const combo = share.combo && share.combo.available > 0 ? share.combo : null;
  return { items, combo };
}

/**
 * /patient/share?id=: a share package opened by its recipient. The sharer and their message; the items or the combo
 * at today's prices with 立即购买 (the checkout with exactly those lines), or the live class with its watch or
 * enrolment page. Anyone but the recipient sees 您不是被分享人 (the HTTP layer has toasted it too).
 */
export default function SharePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || null;
  const share = useSharedPackage(id);
  const pharmacyId = share.data?.pharmacy.id ?? null;
  const { update } = useCart(pharmacyId);

  if (!id) return <Result status="warning" title="链接不完整" extra={home} />;
  if (share.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} aria-label="加载中" />;
  if (!share.data) {
    const error = share.error;
    if (isApiError(error) && error.code === ErrorCode.NOT_SHARE_RECIPIENT) {
      return (
        <Result
          status="403"
          title={clientMessages.notShareRecipient}
          subTitle="该分享仅限被分享人查看，请使用接收分享的手机号登录。"
          extra={home}
        />
      );
    }
    if (isApiError(error) && error.httpCode === 403) {
      return <Result status="warning" title={error.msg} extra={home} />;
    }
    return (
      <Result
        status="404"
        title={isApiError(error) && error.httpCode === 404 ? error.msg : '分享加载失败'}
        extra={home}
      />
    );
  }

  const s = share.data;
  const { items, combo } = buyable(s);
  const canBuy = s.kind === 'items' ? items.length > 0 : s.kind === 'combo' ? !!combo : false;
  const hasRx = s.kind === 'items' ? items.some((i) => i.type === 'RX') : !!combo?.has_rx;

  const buyNow = () => {
    if (!pharmacyId || !canBuy) return;
    // the checkout reads the cart: it holds exactly what was shared
    update(() => {
      if (s.kind === 'combo' && combo) {
        const { id: comboId, name, price, has_rx, available } = combo;
        return setCombo(emptyCart(), { id: comboId, name, price, has_rx, available }, 1);
      }
      return items.reduce(
        (cart, i) =>
          addLine(
            cart,
            {
              quote_id: i.quote_id,
              name: i.name,
              spec: i.spec,
              type: i.type,
              image: i.image,
              price: i.price,
              stock: i.stock,
            },
            i.qty,
          ),
        emptyCart(),
      );
    });
    navigate(`/patient/checkout?pharmacy_id=${pharmacyId}`);
  };

  return (
    <>
      <Card>
        <div className="patient-muted" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <ShopOutlined aria-hidden="true" /> {s.pharmacy.name}
        </div>
        <h2 className="patient-card-title" style={{ margin: '8px 0 4px' }}>
          {s.title}
        </h2>
        <div style={{ fontSize: 13 }}>
          <strong>{s.sharer_name || '药店客服'}</strong> 给您分享了{s.kind === 'live' ? '一节直播课' : '商品'}
        </div>
        {s.message ? (
          <p className="patient-share-message" style={{ margin: '8px 0 0', fontSize: 13, whiteSpace: 'pre-wrap' }}>
            “{s.message}”
          </p>
        ) : null}
      </Card>

      {s.kind === 'items' ? (
        <Card title="分享的商品">
          {s.items.length === 0 ? <div className="patient-muted">商品已下架</div> : null}
          {s.items.map((i) => (
            <div key={i.quote_id} className="patient-row" style={{ gap: 10, padding: '8px 0' }}>
              <Thumb src={i.image} alt={i.name} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <div>
                  <TypeTag type={i.type} /> {i.name}
                </div>
                <div className="patient-muted">{i.spec}</div>
                <div className="patient-row">
                  <Yuan value={i.price} />
                  <span className="patient-muted">×{i.qty}</span>
                </div>
                {!i.on_shelf ? (
                  <Tag variant="filled">已下架</Tag>
                ) : i.stock < i.qty ? (
                  <Tag variant="filled" color="orange">
                    {i.stock > 0 ? `库存仅剩 ${i.stock} 件` : '暂时缺货'}
                  </Tag>
                ) : null}
              </div>
            </div>
          ))}
        </Card>
      ) : null}

      {s.kind === 'combo' ? (
        s.combo ? (
          <Card title={s.combo.name} extra={<Yuan value={s.combo.price} />}>
            <div className="patient-muted" style={{ marginBottom: 6 }}>
              原价 ¥{s.combo.original_total}
              {!s.combo.on_sale ? '（套餐已下架）' : s.combo.available === 0 ? '（暂时缺货）' : ''}
            </div>
            {s.combo.items.map((i) => (
              <div key={i.quote_id} className="patient-row" style={{ gap: 10, padding: '6px 0' }}>
                <Thumb src={i.image} alt={i.product_name} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div>
                    <TypeTag type={i.type} /> {i.product_name}
                  </div>
                  <div className="patient-muted">
                    {i.spec} · ¥{i.price} ×{i.qty}
                  </div>
                </div>
              </div>
            ))}
          </Card>
        ) : (
          <Card>
            <div className="patient-muted">套餐已删除</div>
          </Card>
        )
      ) : null}

      {s.kind === 'live' ? (
        s.live ? (
          <Card title={s.live.title} extra={<Tag variant="filled">{liveStatusLabels[s.live.status]}</Tag>}>
            {s.live.cover_url ? (
              <ImageWithFallback
                src={s.live.cover_url}
                alt=""
                width="100%"
                height={160}
                style={{ width: '100%', height: 160, objectFit: 'cover', borderRadius: 8, marginBottom: 8 }}
              />
            ) : null}
            <div style={{ fontSize: 13 }}>讲师：{s.live.lecturer}</div>
            <div className="patient-muted">开课时间：{formatDateTime(s.live.start_at)}</div>
            {s.live.intro ? (
              <p style={{ margin: '8px 0 0', fontSize: 13, whiteSpace: 'pre-wrap' }}>{s.live.intro}</p>
            ) : null}
          </Card>
        ) : (
          <Card>
            <div className="patient-muted">直播课已删除</div>
          </Card>
        )
      ) : null}

      {hasRx ? <RxNote /> : null}

      <div className="patient-bottom-bar">
        {s.kind === 'live' ? (
          s.live?.watch_path ? (
            <Button
              type="primary"
              size="large"
              block
              icon={<PlayCircleOutlined />}
              onClick={() => navigate(s.live!.watch_path!)}
            >
              {s.live.status === 'ended' ? '观看回放' : '进入直播间'}
            </Button>
          ) : s.live?.period_path ? (
            <Button type="primary" size="large" block onClick={() => navigate(s.live!.period_path!)}>
              报名听课
            </Button>
          ) : (
            <span className="patient-muted" style={{ flex: 1, textAlign: 'center' }}>
              课程暂未开放报名，请联系分享人
            </span>
          )
        ) : (
          <Button type="primary" size="large" block disabled={!canBuy} onClick={buyNow}>
            {canBuy ? '立即购买' : '暂时无法购买'}
          </Button>
        )}
      </div>
    </>
  );
}
