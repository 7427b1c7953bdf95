import type { CreateOperatorResult, OperatorAccount, OperatorGrantableKey } from '@pharmacy/shared';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useCreateOperator, useSetOperatorKeys } from '../api/permission-operators';
import { PermissionKeyCheckboxes } from './permission-key-checkboxes';

interface CreateValues {
  phone: string;
  name: string;
  permissions: OperatorGrantableKey[];
  password?: string;
}

const formFields = ['phone', 'name', 'permissions', 'password'] as const;
const fieldOf = (msg: string) => formFields.find((f) => msg.startsWith(`${f} `)) ?? null;

/** 新增运营账号: by phone; a new phone gets an account whose initial password is shown here once. */
export function PermissionCreateDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateOperator();
  const [result, setResult] = useState<CreateOperatorResult | null>(null);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const answer = await create.mutateAsync({
        phone: values.phone.trim(),
        name: values.name.trim(),
        permissions: values.permissions,
        password: values.password ? values.password : undefined,
      });
      if (answer.initial_password) setResult(answer);
      else {
        dialogToast.success(answer.account_created ? '已添加' : '已添加，该手机号已有账号，沿用原密码登录');
        onClose();
      }
    } catch (error) {
      if (isApiError(error) && error.httpCode === 400 && error.msg) {
        const field = fieldOf(error.msg);
        if (field) form.setFields([{ name: field, errors: [error.msg.slice(field.length + 1)] }]);
      }
    }
  };

  if (result) {
    return (
      <Modal
        open
        title="运营账号已开通"
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            我已记下
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          message="初始密码仅显示这一次，请转告本人登录后尽快修改。"
          style={{ marginBottom: 16 }}
        />
        <p>
          账号：{result.operator.name}（{result.operator.phone}）
        </p>
        <p>
          初始密码：
          <Typography.Text code copyable strong>
            {result.initial_password}
          </Typography.Text>
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title="新增运营账号"
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" name="operator-create" initialValues={{ permissions: [] }}>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, whitespace: true, message: '请输入手机号' },
            { pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' },
          ]}
        >
          <Input maxLength={11} placeholder="已有账号的手机号将沿用原账号" autoFocus />
        </Form.Item>
        <Form.Item
          name="name"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            { max: 50, message: '姓名最多 50 字' },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label="权限"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一项权限' }]}
        >
          <PermissionKeyCheckboxes />
        </Form.Item>
        <Form.Item
          name="password"
          label="初始密码"
          extra="仅对新账号生效；留空则自动生成，保存后显示一次"
          rules={[
            { min: 8, message: '初始密码至少 8 位' },
            { max: 64, message: '初始密码最多 64 位' },
            { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: '初始密码需同时包含字母和数字' },
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 修改权限 of another operator. */
export function PermissionKeysDialog({ operator, onClose }: { operator: OperatorAccount; onClose: () => void }) {
  const [form] = Form.useForm<{ permissions: OperatorGrantableKey[] }>();
  const save = useSetOperatorKeys();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({ id: operator.id, permissions: values.permissions });
      dialogToast.success('权限已更新');
      onClose();
    } catch {
      // the HTTP layer shows the refusal (不能授予自己没有的权限…, 至少保留一个…)
    }
  };

  return (
    <Modal
      open
      title={`修改权限 — ${operator.name}（${operator.phone}）`}
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" name="operator-keys" initialValues={{ permissions: operator.permissions }}>
        <Form.Item
          name="permissions"
          label="权限"
          extra="「全部权限」含数据看板、处方统计、内容管理与权限管理"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一项权限' }]}
        >
          <PermissionKeyCheckboxes held={operator.permissions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
