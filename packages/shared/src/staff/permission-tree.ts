import { menusByRole } from '../common/menus';
import type { PharmacyPermissionKey, PharmacyRole } from '../common/roles';
import { grantableKeysOf, permissionKeyLabel } from './grant-rules';

/** One key in the tree: its key and the menu entries it opens (药店设置 and 快递设置 share pharmacy_setting). */
export interface PermissionTreeKey {
  key: PharmacyPermissionKey;
  title: string;
}

export interface PermissionTreeGroup {
  title: string;
  keys: PermissionTreeKey[];
}

/**
 * The checkbox tree of /pharmacy/role for a role, built from the shared menu data: the role's menu groups, each with
 * the permission keys of its entries that the role can hold. A key appears once, under the first group naming it.
 */
export function permissionTreeFor(role: PharmacyRole): PermissionTreeGroup[] {
  const grantable = new Set<string>(grantableKeysOf(role));
  const groups: PermissionTreeGroup[] = [];
  const placed = new Map<string, PermissionTreeKey>();
  for (const group of menusByRole[role] ?? []) {
    const keys: PermissionTreeKey[] = [];
    for (const entry of group.children) {
      const key = entry.permissionKey;
      if (!key || !grantable.has(key)) continue;
      const existing = placed.get(key);
      if (existing) {
        if (!existing.title.split(' / ').includes(entry.title)) existing.title = `${existing.title} / ${entry.title}`;
        continue;
      }
      const node = { key: key as PharmacyPermissionKey, title: entry.title };
      placed.set(key, node);
      keys.push(node);
    }
    if (keys.length) groups.push({ title: group.title, keys });
  }
  // A grantable key missing from the role's menu would be unreachable in the tree: list it on its own.
  const rest = [...grantable].filter((k) => !placed.has(k));
  if (rest.length) {
    groups.push({
      title: '其他',
      keys: rest.map((k) => ({ key: k as PharmacyPermissionKey, title: permissionKeyLabel(k) })),
    });
  }
  return groups;
}
