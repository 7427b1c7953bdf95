import {
  type FamilyMember,
  type FamilyMemberCreate,
  familyMemberCreateSchema,
  type PatientRelation,
  patientRelationLabels,
  patientRelations,
} from '@pharmacy/shared';
import { Button, Drawer, Form, Input, Select } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCreateFamilyMember } from '../api/save-family-member';
import { sheetProps } from './bits';
import { showServerFieldError } from './field-errors';

interface Values {
  name: string;
  id_number: string;
  relation: PatientRelation;
  phone: string;
}

const fields = ['name', 'id_number', 'relation', 'phone'] as const;

/** A rule from the shared schema's field, so the form says what the server would (one set of messages). */
const shapeRule = (field: (typeof fields)[number]) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = familyMemberCreateSchema.shape[field].safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

/** 添加就诊人: name, ID number (gender and age come from it), relation, phone; histories can be added later. */
export function FamilyMemberSheet({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved?: (member: FamilyMember) => void;
}) {
  const [form] = Form.useForm<Values>();
  const create = useCreateFamilyMember();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body: FamilyMemberCreate = familyMemberCreateSchema.parse({ ...values, phone: values.phone ?? '' });
    try {
      const member = await create.mutateAsync(body);
      dialogToast.success('已添加就诊人');
      form.resetFields();
      onSaved?.(member);
      onClose();
    } catch (error) {
      showServerFieldError(form, error, fields);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="auto"
      title="添加就诊人"
      {...sheetProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ relation: 'self', phone: '' }}>
        <Form.Item label="姓名" name="name" rules={[shapeRule('name')]}>
          <Input placeholder="与身份证一致" maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item
          label="身份证号"
          name="id_number"
          rules={[shapeRule('id_number')]}
          extra="用于处方审核，性别与年龄由身份证号得出"
        >
          <Input placeholder="18 位身份证号" maxLength={18} />
        </Form.Item>
        <Form.Item label="与本人关系" name="relation" rules={[shapeRule('relation')]}>
          <Select options={patientRelations.map((r) => ({ value: r, label: patientRelationLabels[r] }))} />
        </Form.Item>
        <Form.Item label="手机号（选填）" name="phone" rules={[shapeRule('phone')]}>
          <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Button type="primary" block size="large" loading={create.isPending} onClick={() => void submit()}>
          保存
        </Button>
      </Form>
    </Drawer>
  );
}
