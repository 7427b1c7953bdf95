import { type Team, type TeamMember, teamBodySchema } from '@pharmacy/shared';
import { Form, Input, Modal, Select } from 'antd';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useSaveTeam } from '../api/team-save';

interface Values {
  name: string;
  leader_account_id: number | null;
}

/** 新建团队 / 编辑团队: name (unique in the pharmacy) and an optional leader (a manager or customer service). */
export function TeamFormDialog({
  team,
  staff,
  onClose,
}: {
  /** The team edited; undefined: a new one. */
  team?: Team;
  /** Who may lead: the pharmacy's managers and customer service. */
  staff: TeamMember[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveTeam();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({
        id: team?.id,
        body: { name: values.name.trim(), leader_account_id: values.leader_account_id ?? null },
      });
      dialogToast.success(team ? '团队已保存' : '团队已创建');
      onClose();
    } catch (error) {
      if (isApiError(error) && error.httpCode === 409) form.setFields([{ name: 'name', errors: [error.msg] }]);
      else showServerFieldError(form, error, ['name', 'leader_account_id']);
    }
  };

  return (
    <Modal
      open
      title={team ? '编辑团队' : '新建团队'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: team?.name ?? '', leader_account_id: team?.leader_account_id ?? null }}
        onFinish={() => void submit()}
      >
        <Form.Item name="name" label="团队名称" required rules={[zodRule(teamBodySchema.shape.name)]}>
          <Input maxLength={50} showCount placeholder="如：浦东客服二组" />
        </Form.Item>
        <Form.Item name="leader_account_id" label="组长">
          <Select
            allowClear
            placeholder="选择组长（可不选）"
            options={staff.map((m) => ({ value: m.account_id, label: `${m.name}（${m.phone}）` }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
