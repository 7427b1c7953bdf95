import {
  type AssignableStaffRole,
  assignableRolesFor,
  assignableStaffRoles,
  expandGrant,
  keysAfterRoleChange,
  type PharmacyRole,
  roleLabels,
  type StaffActor,
  type StaffMember,
  type StaffPermissionBody,
  staffChangeRefusal,
} from '@pharmacy/shared';
import { Form, Input, Modal, Select, Skeleton } from 'antd';
import { useMemo } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSetStaffPermissions } from '../api/staff-permission';
import { useUpdateStaff } from '../api/staff-update';
import { targetOf } from './staff-actor';
import { showFieldError } from './staff-field-error';
import { StaffPermissionTree } from './staff-permission-tree';

interface Values {
  name: string;
  role: PharmacyRole;
  permissions: StaffPermissionBody['permissions'];
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k) => b.includes(k));

/** 编辑权限: a member's name, role and keys; what the actor may not give is disabled (the shared grant rules). */
export function StaffEditDialog({
  actor,
  member,
  loading,
  onClose,
}: {
  actor: StaffActor;
  member: StaffMember | undefined;
  loading: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form) ?? member?.role;
  const update = useUpdateStaff();
  const setPermissions = useSetStaffPermissions();
  const allowedRoles = assignableRolesFor(actor);
  // 'all' (the demo pharmacy_admin) shows as every key of the role
  const initialKeys = useMemo(() => (member ? expandGrant(member.role, member.permissions) : []), [member]);
  const heldKeys = useMemo(
    () => (member && role ? keysAfterRoleChange(member.role, member.permissions, role) : []),
    [member, role],
  );

  const submit = async () => {
    if (!member) return;
    const values = await validatedValues(form);
    if (!values) return;
    const target = targetOf(member);
    const refusal = staffChangeRefusal(actor, { kind: 'edit', target, role: values.role, name: true });
    if (refusal) {
      form.setFields([{ name: 'role', errors: [refusal.msg] }]);
      return;
    }
    try {
      const roleChanged = values.role !== member.role;
      if (roleChanged || values.name !== member.name) {
        await update.mutateAsync({
          id: member.id,
          body: {
            ...(roleChanged ? { role: values.role as AssignableStaffRole } : {}),
            ...(values.name !== member.name ? { name: values.name } : {}),
          },
        });
      }
      const before = roleChanged ? keysAfterRoleChange(member.role, member.permissions, values.role) : initialKeys;
      if (!sameKeys(values.permissions ?? [], before)) {
        await setPermissions.mutateAsync({ id: member.id, body: { permissions: values.permissions ?? [] } });
      }
      dialogToast.success('已保存');
      onClose();
    } catch (error) {
      showFieldError(form, error, ['name', 'role', 'permissions']);
    }
  };

  return (
    <Modal
      open
      title={member ? `编辑权限：${member.name}` : '编辑权限'}
      okText="保存"
      cancelText="取消"
      confirmLoading={update.isPending || setPermissions.isPending}
      okButtonProps={{ disabled: !member }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {!member ? (
        loading ? (
          <Skeleton active />
        ) : (
          '成员不存在或已被移除'
        )
      ) : (
        <Form
          form={form}
          name="staff-edit"
          layout="vertical"
          autoComplete="off"
          initialValues={{ name: member.name, role: member.role, permissions: initialKeys }}
          onValuesChange={(changed) => {
            // the keys a member keeps when the role changes: those the new role can hold
            if ('role' in changed && changed.role) {
              form.setFieldValue('permissions', keysAfterRoleChange(member.role, initialKeys, changed.role));
            }
          }}
        >
          <Form.Item
            label="姓名"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入姓名' },
              { max: 20, message: '姓名最多 20 个字' },
            ]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item label="手机号">
            <Input value={member.phone} disabled />
          </Form.Item>
          <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
            <Select
              options={[
                ...(member.role === 'shop' ? [{ value: 'shop', label: roleLabels.shop, disabled: true }] : []),
                ...assignableStaffRoles.map((r) => ({
                  value: r,
                  label: allowedRoles.includes(r) ? roleLabels[r] : `${roleLabels[r]}（不能高于您的角色）`,
                  disabled: !allowedRoles.includes(r),
                })),
              ]}
            />
          </Form.Item>
          <Form.Item label="权限" name="permissions">
            <StaffPermissionTree role={role} actor={actor} heldKeys={heldKeys} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
