import {
  type AssignableStaffRole,
  assignableRolesFor,
  assignableStaffRoles,
  MOBILE_PHONE_PATTERN,
  roleLabels,
  type StaffActor,
  type StaffMember,
  type StaffPermissionBody,
} from '@pharmacy/shared';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useAddStaff } from '../api/staff-add';
import { showFieldError } from './staff-field-error';
import { StaffPermissionTree } from './staff-permission-tree';

interface Values {
  phone: string;
  name: string;
  role?: AssignableStaffRole;
  permissions: StaffPermissionBody['permissions'];
}

/** 添加成员: phone, name, a role no higher than the actor's, and the keys of the role the actor holds. */
export function StaffAddDialog({ actor, onClose }: { actor: StaffActor; onClose: (added?: StaffMember) => void }) {
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form);
  const add = useAddStaff();
  const allowedRoles = assignableRolesFor(actor);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values?.role) return;
    try {
      const member = await add.mutateAsync({
        phone: values.phone,
        name: values.name,
        role: values.role,
        permissions: values.permissions ?? [],
      });
      dialogToast.success(`已添加 ${member.name}`);
      onClose(member);
    } catch (error) {
      showFieldError(form, error, ['phone', 'name', 'role', 'permissions']);
    }
  };

  return (
    <Modal
      open
      title="添加成员"
      okText="添加"
      cancelText="取消"
      confirmLoading={add.isPending}
      onOk={() => void submit()}
      onCancel={() => onClose()}
      destroyOnHidden
      width={560}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="未注册的手机号将自动开通账号，成员可使用短信验证码登录；已注册的账号保留其原有姓名。"
      />
      <Form
        form={form}
        name="staff-add"
        layout="vertical"
        autoComplete="off"
        initialValues={{ permissions: [] }}
        onValuesChange={(changed) => {
          // keys belong to a role: a new role starts from none
          if ('role' in changed) form.setFieldValue('permissions', []);
        }}
      >
        <Form.Item
          label="手机号"
          name="phone"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: MOBILE_PHONE_PATTERN, message: '手机号格式不正确' },
          ]}
        >
          <Input inputMode="numeric" maxLength={11} placeholder="11 位手机号" />
        </Form.Item>
        <Form.Item
          label="姓名"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            { max: 20, message: '姓名最多 20 个字' },
          ]}
        >
          <Input maxLength={20} placeholder="成员的真实姓名" />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            placeholder="请选择角色"
            options={assignableStaffRoles.map((r) => ({
              value: r,
              label: allowedRoles.includes(r) ? roleLabels[r] : `${roleLabels[r]}（不能高于您的角色）`,
              disabled: !allowedRoles.includes(r),
            }))}
          />
        </Form.Item>
        <Form.Item label="权限" name="permissions">
          <StaffPermissionTree role={role} actor={actor} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
