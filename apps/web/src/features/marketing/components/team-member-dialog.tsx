import type { Team, TeamMember } from '@pharmacy/shared';
import { Form, Modal, Select, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useAddTeamMember } from '../api/team-save';

/** 添加成员: any manager or customer service of the pharmacy not yet in this team (moved out of their old team). */
export function TeamMemberDialog({
  team,
  staff,
  teamNames,
  onClose,
}: {
  team: Team;
  staff: TeamMember[];
  teamNames: Map<number, string>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ member_id: number }>();
  const add = useAddTeamMember();
  const candidates = staff.filter((m) => m.team_id !== team.id);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({ id: team.id, member_id: values.member_id });
      dialogToast.success('成员已添加');
      onClose();
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <Modal
      open
      title={`添加成员 · ${team.name}`}
      okText="添加"
      cancelText="取消"
      confirmLoading={add.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="member_id" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
          <Select
            placeholder="选择经理或客服"
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="没有可添加的员工"
            options={candidates.map((m) => ({
              value: m.member_id,
              label: `${m.name}（${m.phone}）${m.team_id ? ` · 现属${teamNames.get(m.team_id) ?? '其他团队'}` : ''}`,
            }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">已在其他团队的员工将移入本团队。</Typography.Text>
      </Form>
    </Modal>
  );
}
