import { Form, Input, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { WhenLoaded } from './member-card-sections';

/**
 * What 编辑会员 (pharmacy) and 编辑客户 (marketing) share: the dialog, the 标签 field with its rules and the 备注 field.
 * The limits are each module's own contract constants (the server's schema holds the same), passed in.
 */

/** The tags as sent: trimmed, each once. */
export const uniqueTags = (tags: string[] | undefined) => [...new Set((tags ?? []).map((t) => t.trim()))];

/** The tags' limits said on the field before sending: no empty tag, `lengthMax` characters each, `max` tags. */
export function tagRules(max: number, lengthMax: number): Rule[] {
  return [
    {
      validator: async (_, value: string[] | undefined) => {
        const tags = uniqueTags(value);
        if (tags.some((t) => t === '')) throw new Error('标签不能为空');
        if (tags.some((t) => t.length > lengthMax)) throw new Error(`每个标签最多 ${lengthMax} 个字`);
        if (tags.length > max) throw new Error(`标签最多 ${max} 个`);
      },
    },
  ];
}

/** The 标签 field (`tags`): type a new tag or pick one in use (`inUse`). */
export function TagsField({ max, lengthMax, inUse }: { max: number; lengthMax: number; inUse: string[] | undefined }) {
  return (
    <Form.Item
      name="tags"
      label="标签"
      rules={tagRules(max, lengthMax)}
      extra={`最多 ${max} 个，每个不超过 ${lengthMax} 个字；输入后按回车添加`}
    >
      <Select
        mode="tags"
        aria-label="标签"
        placeholder="输入或选择标签"
        tokenSeparators={[',', '，']}
        options={(inUse ?? []).map((t) => ({ value: t, label: t }))}
      />
    </Form.Item>
  );
}

/** The 备注 field, for the pharmacy's staff only; `name` is the contract's field. */
export function NotesField({ name, max }: { name: string; max: number }) {
  return (
    <Form.Item name={name} label="备注" rules={[{ max, message: `备注最多 ${max} 个字` }]}>
      <Input.TextArea rows={4} showCount maxLength={max} placeholder="仅本店员工可见" />
    </Form.Item>
  );
}

/** The edit dialog of a card: 保存 (disabled until the card is loaded), the card's error or skeleton, then the form. */
export function CardEditModal<T>({
  title,
  data,
  isError,
  errorTitle,
  saving,
  onSave,
  onClose,
  children,
}: {
  title: string;
  data: T | undefined;
  isError: boolean;
  errorTitle: string;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  children: (data: T) => ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      okText="保存"
      onOk={onSave}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !data }}
      destroyOnHidden
    >
      <WhenLoaded data={data} isError={isError} errorTitle={errorTitle}>
        {children}
      </WhenLoaded>
    </Modal>
  );
}
