import { PlusOutlined } from '@ant-design/icons';
import { type CreateUserOrderBody, maskPhone } from '@pharmacy/shared';
import { Button, Empty, Input, Result, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePlaceOrder } from '../api/create-order';
import { useAddresses } from '../api/get-addresses';
import { useCatalog } from '../api/get-catalog';
import { useFamilyMembers } from '../api/get-family-members';
import { usePharmacy } from '../api/get-pharmacy';
import { AddressSheet } from '../components/address-sheet';
import { Card, RxNote, TypeTag, Yuan } from '../components/bits';
import { ChoiceList } from '../components/choice-list';
import { FamilyMemberSheet } from '../components/family-member-sheet';
import { cartHasRx, cartIsEmpty, emptyCart, orderItemsOf, totalsOf } from '../lib/cart';
import { checkoutKeyFor, forgetCheckoutKey } from '../lib/checkout-key';
import { useCart } from '../lib/use-cart';

const genderLabel = (g: 'male' | 'female' | null) => (g === 'male' ? '男' : g === 'female' ? '女' : '');

/** 确认订单: who it is for, where it goes, what it costs; 提交订单 places it once, however often it is pressed. */
export default function CheckoutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pharmacyId = Number(params.get('pharmacy_id')) || null;
  const catalog = useCatalog(pharmacyId);
  const pharmacy = usePharmacy(pharmacyId);
  const { cart, update } = useCart(pharmacyId);
  const members = useFamilyMembers();
  const addresses = useAddresses();
  const place = usePlaceOrder();
  const [memberId, setMemberId] = useState<number | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [memberSheet, setMemberSheet] = useState(false);
  const [addressSheet, setAddressSheet] = useState(false);

  if (!pharmacyId) return <Result status="warning" title="请先选择药店" extra={<Link to="/patient">去首页</Link>} />;
  if (!catalog.data || members.isLoading || addresses.isLoading) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  if (cartIsEmpty(cart)) {
    return (
      <Result
        status="info"
        title="购物车是空的"
        extra={
          <Button type="primary" onClick={() => navigate(`/patient?pharmacy_id=${pharmacyId}`)}>
            去选购
          </Button>
        }
      />
    );
  }

  const memberList = members.data ?? [];
  const addressList = addresses.data ?? [];
  // the default (listed first) until the patient picks another
  const chosenMember = memberId ?? memberList[0]?.id ?? null;
  const chosenAddress = addressId ?? addressList[0]?.id ?? null;
  const totals = totalsOf(cart, catalog.data);
  const hasRx = cartHasRx(cart);

  const submit = async () => {
    if (!chosenMember || !chosenAddress || place.isPending) return;
    const body: CreateUserOrderBody = {
      pharmacy_id: pharmacyId,
      family_member_id: chosenMember,
      address_id: chosenAddress,
      ...orderItemsOf(cart),
      buyer_remark: remark.trim(),
    };
    const scope = `${pharmacyId}`;
    const idempotencyKey = checkoutKeyFor(sessionStorage, scope, body);
    try {
      const order = await place.mutateAsync({ body, idempotencyKey });
      forgetCheckoutKey(sessionStorage, scope);
      update(() => emptyCart());
      navigate(`/patient/pay?id=${order.id}`, { replace: true });
    } catch {
      // the HTTP layer showed the refusal (stock short, an item off shelf); the key stays for a retry of this body
    }
  };

  return (
    <>
      <Card
        title="就诊人"
        extra={
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setMemberSheet(true)}>
            添加就诊人
          </Button>
        }
      >
        {memberList.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有就诊人，请先添加" />
        ) : (
          <ChoiceList
            label="就诊人"
            items={memberList}
            value={chosenMember}
            onChange={setMemberId}
            render={(m) => (
              <>
                <strong>{m.name}</strong>{' '}
                <span className="patient-muted">
                  {m.relation_label} {genderLabel(m.gender)} {m.age !== null ? `${m.age}岁` : ''}
                </span>
                {m.is_default ? (
                  <Tag bordered={false} color="green" style={{ marginLeft: 6 }}>
                    默认
                  </Tag>
                ) : null}
                <div className="patient-muted">身份证 {m.id_number}</div>
              </>
            )}
          />
        )}
      </Card>

      <Card
        title="收货地址"
        extra={
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setAddressSheet(true)}>
            新增地址
          </Button>
        }
      >
        {addressList.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有收货地址，请先新增" />
        ) : (
          <ChoiceList
            label="收货地址"
            items={addressList}
            value={chosenAddress}
            onChange={setAddressId}
            render={(a) => (
              <>
                <strong>{a.name}</strong> <span className="patient-muted">{maskPhone(a.phone)}</span>
                {a.is_default ? (
                  <Tag bordered={false} color="green" style={{ marginLeft: 6 }}>
                    默认
                  </Tag>
                ) : null}
                <div style={{ fontSize: 13 }}>{a.full_address}</div>
              </>
            )}
          />
        )}
      </Card>

      <Card title={pharmacy.data?.name ?? '商品'}>
        {hasRx ? <RxNote /> : null}
        {cart.combo ? (
          <div className="patient-row" style={{ padding: '6px 0' }}>
            <span>【套餐】{cart.combo.name}</span>
            <span>
              <Yuan value={cart.combo.price} strong={false} /> × {cart.combo.qty}
            </span>
          </div>
        ) : null}
        {cart.lines.map((l) => (
          <div key={l.quote_id} className="patient-row" style={{ padding: '6px 0' }}>
            <span style={{ minWidth: 0 }}>
              {l.name} <TypeTag type={l.type} />
              <div className="patient-muted">{l.spec}</div>
            </span>
            <span style={{ flex: 'none' }}>
              <Yuan value={l.price} strong={false} /> × {l.qty}
            </span>
          </div>
        ))}
        <dl className="patient-amounts" style={{ marginTop: 10, borderTop: '1px solid #f0f0f0', paddingTop: 10 }}>
          <dt>商品金额</dt>
          <dd>¥{totals.goods}</dd>
          <dt>运费</dt>
          <dd>{totals.freight === '0.00' ? '免运费' : `¥${totals.freight}`}</dd>
          <dt>合计</dt>
          <dd>
            <Yuan value={totals.total} />
          </dd>
        </dl>
        <Input.TextArea
          aria-label="订单备注"
          placeholder="备注（选填，200 字以内）"
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          maxLength={200}
          autoSize={{ minRows: 1, maxRows: 3 }}
          style={{ marginTop: 10 }}
        />
      </Card>

      <div className="patient-bottom-bar">
        <div style={{ flex: 1 }}>
          合计 <Yuan value={totals.total} />
          {!chosenMember || !chosenAddress ? (
            <div className="patient-muted">{!chosenMember ? '请添加就诊人' : '请新增收货地址'}</div>
          ) : null}
        </div>
        <Button
          type="primary"
          size="large"
          shape="round"
          loading={place.isPending}
          disabled={!chosenMember || !chosenAddress}
          onClick={() => void submit()}
        >
          提交订单
        </Button>
      </div>

      <FamilyMemberSheet open={memberSheet} onClose={() => setMemberSheet(false)} onSaved={(m) => setMemberId(m.id)} />
      <AddressSheet open={addressSheet} onClose={() => setAddressSheet(false)} onSaved={(a) => setAddressId(a.id)} />
    </>
  );
}
