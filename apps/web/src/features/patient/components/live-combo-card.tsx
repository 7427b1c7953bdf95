import type { LiveQuoteSet } from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/feedback';
import { catalogQueryOptions } from '../api/get-catalog';
import { setCombo } from '../lib/cart';
import { useCart } from '../lib/use-cart';
import { Card, Yuan } from './bits';

/**
 * The combo bound to the live, with 立即购买: it puts the combo into my cart at the live's pharmacy (replacing any
 * other combo: an order holds one) and goes to the shop's checkout. What the cart keeps about a combo (RX, how many
 * the stock allows) comes from the pharmacy's catalogue of combos on sale, read when the button is pressed.
 */
export function LiveComboCard({
  pharmacyId,
  combo,
  pinned,
}: {
  pharmacyId: number;
  combo: LiveQuoteSet;
  pinned: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { update } = useCart(pharmacyId);
  const [busy, setBusy] = useState(false);
  const onSale = combo.status === 'on_sale';

  const buy = async () => {
    setBusy(true);
    try {
      const catalog = await queryClient.fetchQuery({ ...catalogQueryOptions(pharmacyId), staleTime: 0 });
      const entry = catalog.combos.find((c) => c.id === combo.id);
      if (!entry) {
        toast.warning('该套餐已下架');
        return;
      }
      if (entry.available <= 0) {
        toast.warning('该套餐已售罄');
        return;
      }
      update((cart) =>
        setCombo(cart, {
          id: entry.id,
          name: entry.name,
          price: entry.price,
          has_rx: entry.has_rx,
          available: entry.available,
        }),
      );
      navigate(`/patient/checkout?pharmacy_id=${pharmacyId}`);
    } catch {
      // callApi has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        <>
          {pinned ? (
            <Tag color="red" variant="filled" style={{ marginInlineEnd: 6 }}>
              推荐
            </Tag>
          ) : null}
          {combo.name}
        </>
      }
      extra={<span className="patient-muted">本场推荐套餐</span>}
    >
      <ul style={{ margin: '0 0 8px', paddingLeft: 18, fontSize: 13 }}>
        {combo.items.map((i) => (
          <li key={`${i.name}-${i.spec}`}>
            {i.name} {i.spec} × {i.qty}
          </li>
        ))}
      </ul>
      <div className="patient-row">
        <span>
          套餐价 <Yuan value={combo.price} />
        </span>
        {onSale ? (
          <Button type="primary" shape="round" loading={busy} onClick={buy}>
            立即购买
          </Button>
        ) : (
          <span className="patient-muted">已下架</span>
        )}
      </div>
    </Card>
  );
}
