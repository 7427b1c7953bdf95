import { describe, expect, it } from 'vitest';
import { menusByRole } from '../common/menus';
import { grantableKeysByRole, pharmacyPermissionKeys } from '../common/roles';
import {
  actorHolds,
  assignableRolesFor,
  expandGrant,
  grantableKeysFor,
  keysAfterRoleChange,
  type StaffActor,
  type StaffTarget,
  staffChangeRefusal,
} from './grant-rules';
import { permissionTreeFor } from './permission-tree';
import { addStaffBodySchema, staffPermissionBodySchema, updateStaffBodySchema } from './staff.schema';

const shop: StaffActor = { accountId: 1, role: 'shop', permissions: [] };
const adminAll: StaffActor = { accountId: 2, role: 'pharmacy_admin', permissions: ['all'] };
const adminAccounts: StaffActor = { accountId: 3, role: 'pharmacy_admin', permissions: ['account_permission'] };
const manager: StaffActor = {
  accountId: 4,
  role: 'manager',
  permissions: ['account_permission', 'order_read_pharmacy'],
};
const target = (role: StaffTarget['role'], accountId = 50, isOwner = false): StaffTarget => ({
  accountId,
  role,
  isOwner,
});
const owner = target('shop', 1, true);

describe('what an actor holds', () => {
  it('shop holds every key, "all" every key, others their list, a pharmacist none', () => {
    for (const k of pharmacyPermissionKeys) {
      expect(actorHolds(shop, k)).toBe(true);
      expect(actorHolds(adminAll, k)).toBe(true);
      expect(actorHolds({ role: 'pharmacist', permissions: ['all'] }, k)).toBe(false);
    }
    expect(actorHolds(manager, 'order_read_pharmacy')).toBe(true);
    expect(actorHolds(manager, 'quote_set')).toBe(false);
  });

  it('offers only the keys the role can hold and the actor holds', () => {
    expect(grantableKeysFor(shop, 'pharmacy_admin')).toEqual(grantableKeysByRole.pharmacy_admin);
    expect(grantableKeysFor(manager, 'customer_service')).toEqual(['order_read_pharmacy']);
    expect(grantableKeysFor(adminAccounts, 'customer_service')).toEqual([]);
    expect(grantableKeysFor(shop, 'pharmacist')).toEqual([]);
  });

  it('offers no role above the actor and never shop', () => {
    expect(assignableRolesFor(shop)).toEqual(['pharmacy_admin', 'manager', 'customer_service', 'pharmacist']);
    expect(assignableRolesFor(adminAll)).toEqual(['pharmacy_admin', 'manager', 'customer_service', 'pharmacist']);
    expect(assignableRolesFor(manager)).toEqual(['manager', 'customer_service', 'pharmacist']);
    expect(assignableRolesFor({ role: 'customer_service' })).toEqual(['customer_service', 'pharmacist']);
  });
});

describe('grants', () => {
  it('reads "all" as every key of the target role', () => {
    expect(expandGrant('customer_service', ['all'])).toEqual([...grantableKeysByRole.customer_service]);
    expect(expandGrant('manager', ['quote_set', 'order_read_pharmacy', 'quote_set'])).toEqual([
      'order_read_pharmacy',
      'quote_set',
    ]);
  });

  it('keeps on a role change only the keys the new role can hold', () => {
    expect(keysAfterRoleChange('pharmacy_admin', ['quote_manage', 'quote_set'], 'customer_service')).toEqual([
      'quote_set',
    ]);
    expect(keysAfterRoleChange('pharmacy_admin', ['all'], 'manager')).toEqual([
      'order_read_pharmacy',
      'order_statistics',
      'account_permission',
      'quote_set',
    ]);
    expect(keysAfterRoleChange('manager', ['channel_manage'], 'pharmacist')).toEqual([]);
  });

  it('refuses a key the actor lacks, and "all" when it covers one', () => {
    expect(
      staffChangeRefusal(adminAccounts, {
        kind: 'add',
        role: 'customer_service',
        permissions: ['order_read_pharmacy'],
      }),
    ).toEqual({ kind: 'forbidden', msg: '不能授予自己没有的权限「订单管理」' });
    expect(staffChangeRefusal(manager, { kind: 'add', role: 'customer_service', permissions: ['all'] })?.kind).toBe(
      'forbidden',
    );
    expect(
      staffChangeRefusal(manager, { kind: 'add', role: 'customer_service', permissions: ['order_read_pharmacy'] }),
    ).toBeNull();
    expect(staffChangeRefusal(shop, { kind: 'add', role: 'pharmacy_admin', permissions: ['all'] })).toBeNull();
  });

  it('lets an actor keep or remove a key someone else granted, but not add one', () => {
    const cs = { ...target('customer_service'), permissions: ['order_read_pharmacy', 'quote_set'] };
    const change = (permissions: string[]) => ({ kind: 'permissions' as const, target: cs, permissions });
    expect(staffChangeRefusal(manager, change(['order_read_pharmacy', 'quote_set']))).toBeNull();
    expect(staffChangeRefusal(manager, change(['order_read_pharmacy']))).toBeNull();
    expect(staffChangeRefusal(manager, change([]))).toBeNull();
    const bare = { ...target('customer_service'), permissions: [] };
    expect(staffChangeRefusal(manager, { kind: 'permissions', target: bare, permissions: ['quote_set'] })?.msg).toBe(
      '不能授予自己没有的权限「套餐管理」',
    );
  });

  it('refuses a key the target role cannot hold, on the permissions field', () => {
    expect(staffChangeRefusal(shop, { kind: 'add', role: 'customer_service', permissions: ['quote_manage'] })).toEqual({
      kind: 'invalid',
      field: 'permissions',
      msg: '客服不能拥有「报价管理」权限',
    });
    expect(staffChangeRefusal(shop, { kind: 'add', role: 'pharmacist', permissions: ['quote_set'] })?.field).toBe(
      'permissions',
    );
  });

  it('refuses a role above the actor and shop for anyone', () => {
    expect(staffChangeRefusal(manager, { kind: 'add', role: 'pharmacy_admin', permissions: [] })).toEqual({
      kind: 'forbidden',
      msg: '不能设置高于自己的角色',
    });
    expect(staffChangeRefusal(shop, { kind: 'add', role: 'shop', permissions: [] })?.field).toBe('role');
    expect(staffChangeRefusal(shop, { kind: 'edit', target: target('manager'), role: 'shop' })?.field).toBe('role');
    expect(staffChangeRefusal(manager, { kind: 'add', role: 'manager', permissions: [] })).toBeNull();
  });
});

describe('whom an actor may change', () => {
  it('nobody but the shop changes a member of their rank or above', () => {
    const kinds = [
      { kind: 'edit', name: true },
      { kind: 'permissions', permissions: [] },
      { kind: 'status', status: 'disabled' },
      { kind: 'remove' },
    ] as const;
    for (const change of kinds) {
      const on = (t: StaffTarget) => ({ ...change, target: t });
      expect(staffChangeRefusal(adminAll, on(target('pharmacy_admin')))?.kind, change.kind).toBe('forbidden');
      expect(staffChangeRefusal(adminAll, on(target('shop')))?.kind).toBe('forbidden');
      expect(staffChangeRefusal(manager, on(target('manager')))?.kind).toBe('forbidden');
      expect(staffChangeRefusal(manager, on(target('pharmacy_admin')))?.kind).toBe('forbidden');
      expect(staffChangeRefusal(adminAll, on(target('manager')))).toBeNull();
      expect(staffChangeRefusal(shop, on(target('pharmacy_admin')))).toBeNull();
      // a shop may change another shop who is not the owner
      expect(staffChangeRefusal(shop, on(target('shop', 60)))).toBeNull();
    }
  });

  it('protects the owner from removal, disabling and demotion, by anyone', () => {
    expect(staffChangeRefusal(shop, { kind: 'remove', target: owner })?.msg).toBe('店主不能被移除');
    expect(staffChangeRefusal({ ...shop, accountId: 9 }, { kind: 'remove', target: owner })?.msg).toBe(
      '店主不能被移除',
    );
    expect(
      staffChangeRefusal({ ...shop, accountId: 9 }, { kind: 'status', target: owner, status: 'disabled' })?.msg,
    ).toBe('店主不能被停用');
    expect(
      staffChangeRefusal({ ...shop, accountId: 9 }, { kind: 'edit', target: owner, role: 'pharmacy_admin' })?.msg,
    ).toBe('不能修改店主的角色');
    expect(staffChangeRefusal(shop, { kind: 'permissions', target: owner, permissions: [] })?.kind).toBe('forbidden');
    // the owner's name is theirs to change
    expect(staffChangeRefusal(shop, { kind: 'edit', target: owner, name: true })).toBeNull();
  });

  it('nobody changes their own role, keys or status', () => {
    const self = target('pharmacy_admin', adminAll.accountId);
    expect(staffChangeRefusal(adminAll, { kind: 'edit', target: self, role: 'manager' })?.msg).toBe(
      '不能修改自己的角色',
    );
    expect(staffChangeRefusal(adminAll, { kind: 'permissions', target: self, permissions: [] })?.msg).toBe(
      '不能修改自己的权限',
    );
    expect(staffChangeRefusal(adminAll, { kind: 'status', target: self, status: 'disabled' })?.msg).toBe(
      '不能停用或启用自己',
    );
    expect(staffChangeRefusal(adminAll, { kind: 'remove', target: self })?.msg).toBe('不能移除自己');
    expect(staffChangeRefusal(adminAll, { kind: 'edit', target: self, name: true })).toBeNull();
    expect(staffChangeRefusal(adminAll, { kind: 'edit', target: self, role: 'pharmacy_admin' })).toBeNull();
  });

  it('a role change is checked against the new role', () => {
    expect(
      staffChangeRefusal(manager, { kind: 'edit', target: target('customer_service'), role: 'manager' }),
    ).toBeNull();
    expect(
      staffChangeRefusal(manager, { kind: 'edit', target: target('customer_service'), role: 'pharmacy_admin' })?.msg,
    ).toBe('不能设置高于自己的角色');
  });
});

describe('permission tree', () => {
  it.each(['pharmacy_admin', 'manager', 'customer_service'] as const)(
    "lists each key %s can hold exactly once, under its menu's group",
    (role) => {
      const tree = permissionTreeFor(role);
      const keys = tree.flatMap((g) => g.keys.map((k) => k.key));
      expect([...keys].sort()).toEqual([...grantableKeysByRole[role]].sort());
      const groupTitles = new Set(menusByRole[role].map((g) => g.title));
      for (const g of tree) expect(groupTitles.has(g.title)).toBe(true);
    },
  );

  it('names a key by every menu entry it opens', () => {
    const setting = permissionTreeFor('pharmacy_admin')
      .flatMap((g) => g.keys)
      .find((k) => k.key === 'pharmacy_setting');
    expect(setting?.title).toBe('药店设置 / 快递设置');
    expect(permissionTreeFor('pharmacist')).toEqual([]);
  });
});

describe('payloads', () => {
  it('refuses shop as a role and unknown keys, in Chinese', () => {
    const r = addStaffBodySchema.safeParse({ phone: '13800000099', name: '测试', role: 'shop' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('请选择角色（店主不能被指定）');
    expect(staffPermissionBodySchema.safeParse({ permissions: ['root'] }).error?.issues[0].message).toBe('权限不正确');
    expect(
      addStaffBodySchema.safeParse({ phone: '12345', name: '测试', role: 'manager' }).error?.issues[0].message,
    ).toBe('手机号格式不正确');
    expect(addStaffBodySchema.safeParse({ phone: '13800000099', name: ' ', role: 'manager' }).success).toBe(false);
    expect(addStaffBodySchema.safeParse({ phone: '13800000099', name: 'a\u0000b', role: 'manager' }).success).toBe(
      false,
    );
    expect(updateStaffBodySchema.safeParse({}).success).toBe(false);
  });
});
