import {
  type Drugser,
  type FamilyMemberUpdate,
  familyMemberCreateSchema,
  familyMemberUpdateSchema,
  HISTORY_NONE,
  type HistoryField,
  historyFieldLabels,
  historyFields,
  idNumberSchema,
  patientRelationLabels,
  patientRelations,
} from '@pharmacy/shared';
import { Button, Form, Input, Select, Space } from 'antd';
import { useMemo } from 'react';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { toast } from '../../../lib/feedback';
import { useHistoryChoices } from '../api/drugser-queries';
import { useUpdateDrugser } from '../api/drugser-update';

interface Values {
  name: string;
  relation: string;
  /** A new phone ('' keeps the current one, which is shown masked). */
  phone: string;
  /** A new ID number ('' keeps the current one). */
  id_number: string;
  allergy_history: string[];
  family_medical_history: string[];
  past_medical_history: string[];
}

const fields = ['name', 'relation', 'phone', 'id_number', ...historyFields] as const;
const shape = familyMemberCreateSchema.shape;
/** An empty box keeps the stored value; anything typed must pass the shared rule. */
const unlessEmpty = (rule: {
  safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
}) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const result = rule.safeParse(value);
    if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '格式不正确');
  },
});

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The fields that differ from the member as loaded (only those are sent). */
export function changedFields(member: Drugser, values: Values): FamilyMemberUpdate {
  const body: Record<string, unknown> = {};
  if (values.name.trim() !== member.name) body.name = values.name;
  if (values.relation !== member.relation) body.relation = values.relation;
  if (values.phone?.trim()) body.phone = values.phone;
  if (values.id_number?.trim()) body.id_number = values.id_number;
  for (const f of historyFields) if (!same(values[f] ?? [], member[f])) body[f] = values[f] ?? [];
  return body as FamilyMemberUpdate;
}

/** 编辑用药人: name, relation, phone, ID number (GB 11643), histories picked from the content collections. */
export function DrugserEditForm({ member }: { member: Drugser }) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateDrugser();
  const choices = useHistoryChoices(true);

  const options = useMemo(() => {
    const of = (field: HistoryField) => {
      const names = [HISTORY_NONE, ...(choices.data?.[field] ?? []), ...member[field]];
      return [...new Set(names)].map((v) => ({ value: v, label: v }));
    };
    return {
      allergy_history: of('allergy_history'),
      family_medical_history: of('family_medical_history'),
      past_medical_history: of('past_medical_history'),
    };
  }, [choices.data, member]);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body = changedFields(member, values);
    if (Object.keys(body).length === 0) {
      toast.info('没有要修改的内容');
      return;
    }
    const parsed = familyMemberUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      form.setFields([
        { name: String(issue?.path[0] ?? 'name') as keyof Values, errors: [issue?.message ?? '格式不正确'] },
      ]);
      return;
    }
    try {
      await update.mutateAsync({ id: member.id, body: parsed.data });
      toast.success('已保存');
      form.setFieldsValue({ phone: '', id_number: '' });
    } catch (error) {
      showServerFieldError(form, error, fields);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{
        name: member.name,
        relation: member.relation,
        phone: '',
        id_number: '',
        allergy_history: member.allergy_history,
        family_medical_history: member.family_medical_history,
        past_medical_history: member.past_medical_history,
      }}
    >
      <Form.Item label="姓名" name="name" rules={[zodRule(shape.name)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label="与客户的关系" name="relation" rules={[{ required: true, message: '请选择与本人的关系' }]}>
        <Select
          options={[
            ...patientRelations.map((r) => ({ value: r, label: patientRelationLabels[r] })),
            ...((patientRelations as readonly string[]).includes(member.relation)
              ? []
              : [{ value: member.relation, label: member.relation_label }]),
          ]}
        />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="phone"
        rules={[unlessEmpty(shape.phone)]}
        extra={member.phone ? `当前：${member.phone}，不修改请留空` : '未填写手机号'}
      >
        <Input maxLength={11} placeholder={member.phone ? '输入新的手机号' : '输入手机号'} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        label="身份证号"
        name="id_number"
        rules={[unlessEmpty(idNumberSchema)]}
        extra={`${member.id_number ? `当前：${member.id_number}，不修改请留空。` : ''}性别与年龄由身份证号得出`}
      >
        <Input maxLength={18} placeholder="输入新的 18 位身份证号" />
      </Form.Item>
      {historyFields.map((f) => (
        <Form.Item key={f} label={historyFieldLabels[f]} name={f} rules={[zodRule(shape[f])]}>
          <Select
            mode="multiple"
            allowClear
            loading={choices.isFetching}
            placeholder={`选择${historyFieldLabels[f]}（没有请选「${HISTORY_NONE}」）`}
            options={options[f]}
            optionFilterProp="label"
          />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" onClick={submit} loading={update.isPending}>
          保存
        </Button>
        <Button onClick={() => form.resetFields()}>重置</Button>
      </Space>
    </Form>
  );
}
