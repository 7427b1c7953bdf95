import {
  MEMBER_LEVELS,
  MEMBER_REMARK_MAX,
  MEMBER_TAG_LENGTH_MAX,
  MEMBER_TAG_MAX,
  type MemberCard,
  type MemberUpdateInput,
  memberLevelLabels,
} from '@pharmacy/shared';
import { Alert, Form, Input, Modal, Select, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useMemberCard } from '../api/member-card';
import { useMemberOptions } from '../api/member-options';
import { useUpdateMember } from '../api/member-update';

const levelOptions = MEMBER_LEVELS.map((l) => ({ value: l, label: `${l} 级 · ${memberLevelLabels[l]}` }));

// The same limits the server's schema holds (memberUpdateBodySchema), said on the field before sending.
const tagRules: Rule[] = [
  {
    validator: async (_, value: string[] | undefined) => {
      const tags = [...new Set((value ?? []).map((t) => t.trim()))];
      if (tags.some((t) => t === '')) throw new Error('标签不能为空');
      if (tags.some((t) => t.length > MEMBER_TAG_LENGTH_MAX))
        throw new Error(`每个标签最多 ${MEMBER_TAG_LENGTH_MAX} 个字`);
      if (tags.length > MEMBER_TAG_MAX) throw new Error(`标签最多 ${MEMBER_TAG_MAX} 个`);
    },
  },
];

type Values = { level: number; tags: string[]; remark: string };

/** 编辑会员: level, tags (type a new one or pick one in use), remark. The patient's own data is not edited here. */
export function MemberEditDialog({
  id,
  onClose,
  onSaved,
}: {
  id: number;
  onClose: () => void;
  onSaved?: (card: MemberCard) => void;
}) {
  const [form] = Form.useForm<Values>();
  const card = useMemberCard(id);
  const options = useMemberOptions();
  const update = useUpdateMember();
  const member = card.data;

  useEffect(() => {
    if (member) form.setFieldsValue({ level: member.level, tags: member.tags, remark: member.remark });
  }, [member, form]);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body: MemberUpdateInput = {
      level: values.level,
      tags: [...new Set(values.tags.map((t) => t.trim()))],
      remark: (values.remark ?? '').trim(),
    };
    try {
      const saved = await update.mutateAsync({ id, body });
      dialogToast.success('已保存');
      onSaved?.(saved);
      onClose();
    } catch {
      // the failure's message is shown by the http client
    }
  };

  return (
    <Modal
      open
      title={member ? `编辑会员 · ${member.name}` : '编辑会员'}
      okText="保存"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: !member }}
      destroyOnHidden
    >
      {card.isError ? (
        <Alert type="error" showIcon title="会员不存在或已无权查看" />
      ) : !member ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" name="member-edit" initialValues={{ level: 1, tags: [], remark: '' }}>
          <Form.Item name="level" label="会员等级" rules={[{ required: true, message: '请选择会员等级' }]}>
            <Select options={levelOptions} aria-label="会员等级" />
          </Form.Item>
          <Form.Item
            name="tags"
            label="标签"
            rules={tagRules}
            extra={`最多 ${MEMBER_TAG_MAX} 个，每个不超过 ${MEMBER_TAG_LENGTH_MAX} 个字；输入后按回车添加`}
          >
            <Select
              mode="tags"
              aria-label="标签"
              placeholder="输入或选择标签"
              tokenSeparators={[',', '，']}
              options={(options.data?.tags ?? []).map((t) => ({ value: t, label: t }))}
            />
          </Form.Item>
          <Form.Item
            name="remark"
            label="备注"
            rules={[{ max: MEMBER_REMARK_MAX, message: `备注最多 ${MEMBER_REMARK_MAX} 个字` }]}
          >
            <Input.TextArea rows={4} showCount maxLength={MEMBER_REMARK_MAX} placeholder="仅本店员工可见" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
