import { CheckOutlined, DownOutlined, ShopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, type MenuProps } from 'antd';
import { toast } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { useMyPharmacies } from '../api/get-my-pharmacies';
import { switchPharmacy } from '../lib/switch-pharmacy';

/** Header dropdown of the user's pharmacies: the current one is checked; picking another switches to it. */
export function PharmacySwitcher() {
  useMyPharmacies();
  const queryClient = useQueryClient();
  const pharmacies = useSessionStore((s) => s.pharmacies);
  const current = useSessionStore((s) => s.currentPharmacy);

  if (pharmacies.length === 0) return null;
  const label = current?.name ?? '请选择药店';

  if (pharmacies.length === 1 && current?.id === pharmacies[0].id) {
    return (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, padding: '0 8px' }}>
        <ShopOutlined aria-hidden />
        {label}
      </span>
    );
  }

  const items: MenuProps['items'] = pharmacies.map((p) => ({
    key: String(p.id),
    label: p.city ? `${p.name}（${p.city}）` : p.name,
    icon: p.id === current?.id ? <CheckOutlined aria-label="当前药店" /> : <span style={{ width: 14 }} />,
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: current ? [String(current.id)] : [],
        onClick: ({ key }) => {
          const target = pharmacies.find((p) => String(p.id) === key);
          if (target && switchPharmacy(queryClient, target)) toast.success(`已切换到 ${target.name}`);
        },
      }}
    >
      <Button type="text" aria-label={`当前药店：${label}，点击切换`} icon={<ShopOutlined />}>
        <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
