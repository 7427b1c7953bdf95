import { GROUP_MEMBERS_MAX, groupPharmacyStatusLabels } from '@pharmacy/shared';
import { Alert, Form, Modal, Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useAddGroupPharmacies } from '../api/group-members';
import { useGroupPharmacyOptions } from '../api/group-pharmacy-options';

/**
 * 添加药店: pick pharmacies by name. One already in a group is shown with its group and cannot be picked (a pharmacy
 * is in at most one group; the server refuses it too).
 */
export function GroupAddPharmacyDialog({
  groupId,
  groupName,
  onClose,
}: {
  groupId: number;
  groupName: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ pharmacy_ids: number[] }>();
  const [keyword, setKeyword] = useState('');
  const options = useGroupPharmacyOptions(useDeferredValue(keyword.trim()));
  const add = useAddGroupPharmacies();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({ id: groupId, pharmacyIds: values.pharmacy_ids });
      dialogToast.success('已添加');
      onClose();
    } catch {
      // the http layer toasts the refusal (e.g. 已属于另一集团)
    }
  };

  return (
    <Modal
      open
      title={`添加药店到「${groupName}」`}
      okText="添加"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="一个药店只能加入一个集团；已属于其他集团的药店需先从原集团移出。"
      />
      <Form form={form} layout="vertical" name="group-add-pharmacy">
        <Form.Item
          name="pharmacy_ids"
          label="药店"
          rules={[
            { required: true, message: '请选择药店' },
            { type: 'array', max: GROUP_MEMBERS_MAX, message: `一次最多添加 ${GROUP_MEMBERS_MAX} 家药店` },
          ]}
        >
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={options.isFetching}
            placeholder="输入药店名称搜索"
            notFoundContent={options.isFetching ? '加载中…' : '没有找到药店'}
            options={(options.data ?? []).map((p) => ({
              value: p.id,
              disabled: p.group_id !== null,
              label:
                `${p.name}${p.city ? `（${p.city}）` : ''}` +
                (p.status !== 'active' ? ` · ${groupPharmacyStatusLabels[p.status]}` : '') +
                (p.group_id !== null ? ` · 已属于「${p.group_name}」` : ''),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
