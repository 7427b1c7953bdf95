import { EnvironmentOutlined, RightOutlined, ShopOutlined } from '@ant-design/icons';
import type { PublicPharmacy } from '@pharmacy/shared';
import { Drawer, Empty, Input, Spin } from 'antd';
import { useState } from 'react';
import { usePharmacies } from '../api/get-pharmacies';
import { sheetProps } from './bits';

function PharmacyRow({ pharmacy, onPick }: { pharmacy: PublicPharmacy; onPick: (p: PublicPharmacy) => void }) {
  return (
    <button type="button" className="patient-pharmacy-row" onClick={() => onPick(pharmacy)}>
      <span className="patient-pharmacy-icon" aria-hidden="true">
        <ShopOutlined />
      </span>
      <span className="patient-pharmacy-text">
        <strong>{pharmacy.name}</strong>
        <span className="patient-muted">
          {pharmacy.city}
          {pharmacy.district} · {pharmacy.quote_count} 种商品 · {pharmacy.business_hours || '营业时间见店内'}
        </span>
      </span>
      <RightOutlined aria-hidden="true" className="patient-muted" />
    </button>
  );
}

/** The public directory of active pharmacies, searchable: where the patient chooses whom to buy from. */
export function PharmacyList({ onPick }: { onPick: (p: PublicPharmacy) => void }) {
  const [q, setQ] = useState('');
  const { data, isLoading } = usePharmacies({ page: 1, page_size: 50, q: q || undefined });
  return (
    <div>
      <Input.Search
        placeholder="搜索药店名称"
        allowClear
        onSearch={(v) => setQ(v.trim())}
        aria-label="搜索药店"
        style={{ marginBottom: 10 }}
      />
      {isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : data?.list.length ? (
        <div className="patient-card" style={{ padding: 0 }}>
          {data.list.map((p) => (
            <PharmacyRow key={p.id} pharmacy={p} onPick={onPick} />
          ))}
        </div>
      ) : (
        <Empty description="没有找到药店" />
      )}
    </div>
  );
}

/** The chosen pharmacy's header with 切换 (a sheet with the directory). */
export function PharmacyHeader({
  name,
  address,
  note,
  onPick,
}: {
  name: string;
  address: string;
  note?: string;
  onPick: (p: PublicPharmacy) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="patient-pharmacy-head">
        <div style={{ minWidth: 0 }}>
          <div className="patient-pharmacy-name">
            <ShopOutlined aria-hidden="true" /> {name}
          </div>
          <div className="patient-pharmacy-address">
            <EnvironmentOutlined aria-hidden="true" /> {address}
          </div>
          {note ? <div className="patient-pharmacy-address">{note}</div> : null}
        </div>
        <button type="button" className="patient-switch" onClick={() => setOpen(true)}>
          切换药店
        </button>
      </div>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="bottom"
        size="75vh"
        title="选择药店"
        {...sheetProps}
        destroyOnHidden
      >
        <PharmacyList
          onPick={(p) => {
            setOpen(false);
            onPick(p);
          }}
        />
      </Drawer>
    </>
  );
}
