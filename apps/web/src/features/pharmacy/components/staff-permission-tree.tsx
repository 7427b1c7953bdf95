import { grantableKeysFor, type PharmacyRole, permissionTreeFor, type StaffActor } from '@pharmacy/shared';
import { Checkbox, Flex, Typography } from 'antd';
import { useMemo } from 'react';

export interface StaffPermissionTreeProps {
  role: PharmacyRole | undefined;
  actor: StaffActor;
  value?: string[];
  onChange?: (keys: string[]) => void;
  /** The keys the member holds now: they may be kept or removed even when the actor could not grant them. */
  heldKeys?: readonly string[];
}

/**
 * The permission checkbox tree, built from the shared menu data (permissionTreeFor): the role's menu groups, each with
 * the keys its entries need. A key the actor may not grant (the shared grantableKeysFor) is disabled unless the member
 * holds it already; a group's box toggles every key of the group that can be toggled.
 */
export function StaffPermissionTree({ role, actor, value = [], onChange, heldKeys = [] }: StaffPermissionTreeProps) {
  const tree = useMemo(() => (role ? permissionTreeFor(role) : []), [role]);
  const grantable = useMemo(() => new Set<string>(role ? grantableKeysFor(actor, role) : []), [actor, role]);
  const checked = new Set(value);
  const open = (key: string) => grantable.has(key) || heldKeys.includes(key);

  if (!role) return <Typography.Text type="secondary">请先选择角色</Typography.Text>;
  if (tree.length === 0) {
    return (
      <Typography.Text type="secondary">
        {role === 'pharmacist' ? '药师只做处方审核，无需分配权限' : '该角色无需分配权限'}
      </Typography.Text>
    );
  }

  const set = (keys: string[], on: boolean) => {
    const next = new Set(value);
    for (const k of keys) {
      if (!open(k)) continue;
      if (on) next.add(k);
      else next.delete(k);
    }
    onChange?.(tree.flatMap((g) => g.keys.map((k) => k.key)).filter((k) => next.has(k)));
  };
  const locked = tree.flatMap((g) => g.keys).filter((k) => !open(k.key));

  return (
    <Flex vertical gap={12} role="group" aria-label="权限">
      {tree.map((group) => {
        const keys = group.keys.map((k) => k.key);
        const on = keys.filter((k) => checked.has(k));
        return (
          <div key={group.title}>
            <Checkbox
              checked={on.length === keys.length}
              indeterminate={on.length > 0 && on.length < keys.length}
              disabled={!keys.some(open)}
              onChange={(e) => set(keys, e.target.checked)}
            >
              <Typography.Text strong>{group.title}</Typography.Text>
            </Checkbox>
            <Flex wrap gap={8} style={{ paddingLeft: 24, marginTop: 6 }}>
              {group.keys.map((k) => (
                <Checkbox
                  key={k.key}
                  checked={checked.has(k.key)}
                  disabled={!open(k.key)}
                  onChange={(e) => set([k.key], e.target.checked)}
                >
                  {k.title}
                </Checkbox>
              ))}
            </Flex>
          </div>
        );
      })}
      {locked.length ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          灰色的权限您自己没有，不能授予他人。
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
