import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { useCustomerCard } from '../api/customer-card';
import { useCustomerOptions } from '../api/customer-options';
import { useAssignCustomerOwner } from '../api/customer-update';

const NONE = 0;

/** 分配负责人 (managers): any active customer-service member, manager or admin of the pharmacy, or nobody. */
export function CustomerOwnerDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const card = useCustomerCard(id);
  const options = useCustomerOptions();
  const assign = useAssignCustomerOwner();
  const [owner, setOwner] = useState<number | undefined>(undefined);
  const current = card.data?.owner_account_id ?? NONE;
  const value = owner ?? current;
  const roleLabel: Record<string, string> = { customer_service: '客服', manager: '主管', pharmacy_admin: '管理员' };

  const submit = async () => {
    try {
      await assign.mutateAsync({ id, owner: value === NONE ? null : value });
      dialogToast.success(value === NONE ? '已取消负责人' : '负责人已更新');
      onClose();
    } catch {
      // the failure's message is shown by the http client
    }
  };

  return (
    <Modal
      open
      title={card.data ? `分配负责人 · ${card.data.name}` : '分配负责人'}
      okText="确定"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={assign.isPending}
      okButtonProps={{ disabled: !card.data || value === current }}
      destroyOnHidden
    >
      {card.isError ? (
        <Alert type="error" showIcon title="客户不存在或已无权查看" />
      ) : (
        <Form layout="vertical">
          <Form.Item label="负责人" extra="负责人可查看完整手机号、编辑客户资料">
            <Select
              aria-label="负责人"
              showSearch
              optionFilterProp="label"
              value={value}
              onChange={setOwner}
              loading={options.isPending}
              options={[
                { value: NONE, label: '不分配（未分配）' },
                ...(options.data?.staff ?? []).map((s) => ({
                  value: s.account_id,
                  label: `${s.name}（${roleLabel[s.role] ?? s.role}）`,
                })),
              ]}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
