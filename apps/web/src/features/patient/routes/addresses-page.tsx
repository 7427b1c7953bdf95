import { PlusOutlined } from '@ant-design/icons';
import { maskPhone } from '@pharmacy/shared';
import { Button, Empty, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { useAddresses } from '../api/get-addresses';
import { useRemoveAddress, useSetDefaultAddress } from '../api/save-address';
import { AddressSheet } from '../components/address-sheet';
import { Card } from '../components/bits';

/** 收货地址: my addresses, the default first; add (with 智能识别), set default, delete. */
export default function AddressesPage() {
  const addresses = useAddresses();
  const setDefault = useSetDefaultAddress();
  const remove = useRemoveAddress();
  const [adding, setAdding] = useState(false);

  if (addresses.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const list = addresses.data ?? [];
  return (
    <>
      {list.length === 0 ? <Empty description="还没有收货地址" style={{ marginTop: 48 }} /> : null}
      {list.map((a) => (
        <Card key={a.id}>
          <div>
            <strong>{a.name}</strong> <span className="patient-muted">{maskPhone(a.phone)}</span>{' '}
            {a.is_default ? (
              <Tag bordered={false} color="green">
                默认
              </Tag>
            ) : null}
          </div>
          <div style={{ fontSize: 13, marginTop: 4 }}>{a.full_address}</div>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>
            {a.is_default ? null : (
              <Button
                size="small"
                shape="round"
                onClick={() => setDefault.mutate(a.id, { onSuccess: () => dialogToast.success('已设为默认地址') })}
              >
                设为默认
              </Button>
            )}
            <Button
              size="small"
              shape="round"
              danger
              onClick={() =>
                Modal.confirm({
                  rootClassName: 'patient-theme',
                  title: '删除这个收货地址？',
                  content: a.full_address,
                  okText: '删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: async () => {
                    await remove.mutateAsync(a.id);
                    dialogToast.success('已删除');
                  },
                })
              }
            >
              删除
            </Button>
          </div>
        </Card>
      ))}
      <div className="patient-bottom-bar">
        <Button type="primary" block size="large" shape="round" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新增收货地址
        </Button>
      </div>
      <AddressSheet open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
