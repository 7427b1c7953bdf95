import { RightOutlined } from '@ant-design/icons';
import type { ChatConversation } from '@pharmacy/shared';
import { Drawer, Spin } from 'antd';
import { chatTime } from '../../../components/chat';
import { orderedPharmacies, useRecentOrders } from '../api/chat-recent-orders';
import { sheetProps } from './bits';
import { PharmacyLogo } from './chat-bits';
import { PharmacyList } from './pharmacy-picker';

/**
 * 咨询药店: a sheet to choose whom to ask: the pharmacies I ordered from first (most recent order first), then the whole
 * directory, searchable. A pharmacy I already talk with says so (picking it goes back to that conversation).
 */
export function ChatPharmacyPicker({
  open,
  onClose,
  onPick,
  conversations,
  busyId,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (pharmacyId: number) => void;
  conversations: readonly ChatConversation[];
  /** The pharmacy being opened (its row shows a spinner; the others wait). */
  busyId: number | null;
}) {
  const orders = useRecentOrders(open);
  const ordered = orderedPharmacies(orders.data);
  const openWith = new Set(conversations.filter((c) => c.status === 'open').map((c) => c.pharmacy_id));
  const pick = (id: number) => {
    if (busyId === null) onPick(id);
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="80vh"
      title="选择要咨询的药店"
      {...sheetProps}
      destroyOnHidden
    >
      {ordered.length ? (
        <section aria-label="我下过单的药店">
          <div className="patient-chat-section">我下过单的药店</div>
          <div className="patient-card" style={{ padding: 0 }}>
            {ordered.map((p) => (
              <button
                key={p.id}
                type="button"
                className="patient-pharmacy-row"
                onClick={() => pick(p.id)}
                aria-busy={busyId === p.id}
              >
                <PharmacyLogo src={conversations.find((c) => c.pharmacy_id === p.id)?.pharmacy_logo} size={40} />
                <span className="patient-pharmacy-text">
                  <strong>{p.name}</strong>
                  <span className="patient-muted">
                    最近下单 {chatTime(p.last_order_at)}
                    {openWith.has(p.id) ? ' · 咨询进行中' : ''}
                  </span>
                </span>
                {busyId === p.id ? (
                  <Spin size="small" />
                ) : (
                  <RightOutlined aria-hidden="true" className="patient-muted" />
                )}
              </button>
            ))}
          </div>
        </section>
      ) : orders.isLoading ? (
        <Spin style={{ display: 'block', margin: '12px auto' }} />
      ) : null}
      <section aria-label="全部药店">
        <div className="patient-chat-section">全部药店</div>
        <PharmacyList onPick={(p) => pick(p.id)} />
      </section>
    </Drawer>
  );
}
