import { type ChatColleague, chatStaffStatusLabels } from '@pharmacy/shared';
import { Badge, Empty, Modal, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useColleagues } from '../api/get-colleagues';

const statusColor: Record<ChatColleague['status'], 'success' | 'warning' | 'default'> = {
  online: 'success',
  away: 'warning',
  offline: 'default',
};

export interface TransferDialogProps {
  open: boolean;
  onClose: () => void;
  /** Resolves when transferred (the dialog closes); a failure keeps it open. */
  onTransfer: (colleague: ChatColleague) => Promise<unknown>;
  perStaffLimit?: number;
  /** Not offered: me and the current assignee. */
  excludeIds?: (number | null)[];
}

/** 转接会话: the colleagues of the chat room with their status and how many conversations they hold. */
export function TransferDialog({ open, onClose, onTransfer, perStaffLimit, excludeIds = [] }: TransferDialogProps) {
  const colleagues = useColleagues(open);
  const isLoading = colleagues.isLoading;
  const data = colleagues.data?.filter((c) => !excludeIds.includes(c.account_id));
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const colleague = data?.find((c) => c.account_id === chosen) ?? null;
  return (
    <Modal
      open={open}
      title="转接会话"
      okText="转接"
      cancelText="取消"
      okButtonProps={{ disabled: !colleague, loading: busy }}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setChosen(null)}
      onOk={async () => {
        if (!colleague) return;
        setBusy(true);
        try {
          await onTransfer(colleague);
          onClose();
        } catch {
          // the error was shown; the dialog stays for another choice
        } finally {
          setBusy(false);
        }
      }}
    >
      {isLoading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : !data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可转接的同事" />
      ) : (
        <Radio.Group
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          aria-label="选择转接的同事"
        >
          {data.map((c) => (
            <Radio key={c.account_id} value={c.account_id}>
              <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                <strong>{c.name}</strong>
                <Typography.Text type="secondary">{c.role_label}</Typography.Text>
                <Badge status={statusColor[c.status]} text={chatStaffStatusLabels[c.status]} />
                <Typography.Text type="secondary">
                  接待中 {c.open_count}
                  {perStaffLimit ? ` / ${perStaffLimit}` : ''}
                </Typography.Text>
              </span>
            </Radio>
          ))}
        </Radio.Group>
      )}
    </Modal>
  );
}
