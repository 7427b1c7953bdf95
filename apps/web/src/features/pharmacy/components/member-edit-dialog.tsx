import {
  MEMBER_LEVELS,
  MEMBER_REMARK_MAX,
  MEMBER_TAG_LENGTH_MAX,
  MEMBER_TAG_MAX,
  type MemberCard,
  type MemberUpdateInput,
  memberLevelLabels,
} from '@pharmacy/shared';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { CardEditModal, NotesField, TagsField, uniqueTags } from '../../../components/member-card/member-edit-fields';
import { dialogToast } from '../../../lib/feedback';
import { useMemberCard } from '../api/member-card';
import { useMemberOptions } from '../api/member-options';
import { useUpdateMember } from '../api/member-update';

const levelOptions = MEMBER_LEVELS.map((l) => ({ value: l, label: `${l} 级 · ${memberLevelLabels[l]}` }));

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
      tags: uniqueTags(values.tags),
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
    <CardEditModal
      title={member ? `编辑会员 · ${member.name}` : '编辑会员'}
      data={member}
      isError={card.isError}
      errorTitle="会员不存在或已无权查看"
      saving={update.isPending}
      onSave={() => void submit()}
      onClose={onClose}
    >
      {() => (
        <Form form={form} layout="vertical" name="member-edit" initialValues={{ level: 1, tags: [], remark: '' }}>
          <Form.Item name="level" label="会员等级" rules={[{ required: true, message: '请选择会员等级' }]}>
            <Select options={levelOptions} aria-label="会员等级" />
          </Form.Item>
          {/* the same limits the server's schema holds (memberUpdateBodySchema), said on the field before sending */}
          <TagsField max={MEMBER_TAG_MAX} lengthMax={MEMBER_TAG_LENGTH_MAX} inUse={options.data?.tags} />
          <NotesField name="remark" max={MEMBER_REMARK_MAX} />
        </Form>
      )}
    </CardEditModal>
  );
}
