import { type MyPharmacy, roleLabels } from '@pharmacy/shared';
import { Avatar, Card, Flex, Modal, Typography } from 'antd';

export interface PharmacyPickerDialogProps {
  pharmacies: MyPharmacy[] | null;
  onPick: (pharmacy: MyPharmacy) => void;
}

/** The selection dialog of spec §4: the sign-in waits here until one pharmacy is picked (it cannot be dismissed). */
export function PharmacyPickerDialog({ pharmacies, onPick }: PharmacyPickerDialogProps) {
  return (
    <Modal
      open={pharmacies !== null}
      title="请选择药店"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">您在多家药店任职，请选择本次要管理的药店。</Typography.Paragraph>
      <Flex vertical gap={8} role="list" aria-label="药店列表">
        {(pharmacies ?? []).map((p) => (
          <Card key={p.id} size="small" hoverable role="listitem" styles={{ body: { padding: 0 } }}>
            <button
              type="button"
              onClick={() => onPick(p)}
              style={{
                all: 'unset',
                boxSizing: 'border-box',
                display: 'flex',
                gap: 12,
                alignItems: 'center',
                width: '100%',
                padding: 12,
                cursor: 'pointer',
              }}
            >
              <Avatar shape="square" src={p.logo_url || undefined} alt="">
                {p.name.slice(0, 1)}
              </Avatar>
              <span style={{ flex: 1 }}>
                <Typography.Text strong>{p.name}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {[p.city, roleLabels[p.role]].filter(Boolean).join(' · ')}
                </Typography.Text>
              </span>
            </button>
          </Card>
        ))}
      </Flex>
    </Modal>
  );
}
