import { grantableKeysByRole } from '@pharmacy/shared';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto';
import { account, customerService, pharmacyMember, team } from '../schema/index';
import type { ConsoleSeedContext } from './console-context';
import { DEMO_PASSWORD } from './demo-data';

type StaffRole = 'pharmacy_admin' | 'manager' | 'customer_service' | 'pharmacist';

interface DemoStaff {
  phone: string;
  name: string;
  /** Index into ctx.pharmacies. */
  pharmacy: number;
  role: StaffRole;
  permissions: string[];
  status?: 'active' | 'disabled';
  /** Joins the pharmacy's customer-service team. */
  team?: boolean;
}

/** The demo pharmacy_admin with only some keys (README), so a partial pharmacy menu can be seen. */
export const partialAdmin = {
  phone: '13800000008',
  name: '韩雪',
  permissions: ['quote_manage', 'viper_manage', 'quote_set'],
} as const;

/** Staff besides the foundation seed's one account per role (demo-data.ts). */
export const demoStaff: DemoStaff[] = [
  {
    phone: partialAdmin.phone,
    name: partialAdmin.name,
    pharmacy: 0,
    role: 'pharmacy_admin',
    permissions: [...partialAdmin.permissions],
  },
  { phone: '13800000011', name: '孙志华', pharmacy: 0, role: 'pharmacist', permissions: [] },
  {
    phone: '13800000012',
    name: '吴婷婷',
    pharmacy: 0,
    role: 'customer_service',
    permissions: ['order_read_pharmacy'],
    team: true,
  },
  {
    phone: '13800000013',
    name: '郑佳怡',
    pharmacy: 0,
    role: 'customer_service',
    permissions: [...grantableKeysByRole.customer_service],
    team: true,
  },
  {
    phone: '13800000015',
    name: '马俊杰',
    pharmacy: 0,
    role: 'customer_service',
    permissions: ['order_read_pharmacy'],
    status: 'disabled',
  },
  {
    phone: '13800000014',
    name: '黄国栋',
    pharmacy: 1,
    role: 'manager',
    permissions: ['order_read_pharmacy', 'order_statistics', 'account_permission', 'quote_set'],
  },
  { phone: '13800000016', name: '何雨萱', pharmacy: 1, role: 'pharmacist', permissions: [] },
  {
    phone: '13800000017',
    name: '许文博',
    pharmacy: 1,
    role: 'customer_service',
    permissions: [...grantableKeysByRole.customer_service],
    team: true,
  },
];

/**
 * Staff of every role for the demo pharmacies: the partial-key pharmacy_admin 韩雪, a second pharmacist, customer
 * service (one disabled), a manager for the Hangzhou store, and 王丽娟 (13800000004) also customer service there, so a
 * non-shop member of two pharmacies exists. All sign in with the demo password.
 */
export async function seedConsoleStaff(ctx: ConsoleSeedContext): Promise<void> {
  const { tx, pharmacies } = ctx;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = await tx
    .insert(account)
    .values(demoStaff.map((s) => ({ phone: s.phone, phoneUserId: `pu_${s.phone}`, name: s.name, passwordHash })))
    .onConflictDoNothing({ target: account.phone })
    .returning({ id: account.id, phone: account.phone });
  const idOf = (phone: string) => accounts.find((a) => a.phone === phone)?.id ?? ctx.accountId(phone);

  // The Hangzhou store's customer-service team, led by its manager; Pudong's team comes with the foundation seed.
  const [hangzhou] = await tx
    .insert(team)
    .values({ pharmacyId: pharmacies[1].id, name: '西湖客服组', leaderAccountId: idOf('13800000014') })
    .returning({ id: team.id });
  const [pudong] = await tx.select({ id: team.id }).from(team).where(eq(team.pharmacyId, pharmacies[0].id)).limit(1);
  const teamOf = (pharmacy: number) => (pharmacy === 0 ? pudong?.id : hangzhou.id) ?? null;

  const rows = [
    ...demoStaff.map((s) => ({
      pharmacyId: pharmacies[s.pharmacy].id,
      accountId: idOf(s.phone),
      role: s.role,
      permissions: s.permissions,
      status: s.status ?? ('active' as const),
      teamId: s.team ? teamOf(s.pharmacy) : null,
    })),
    // 王丽娟 serves two stores
    {
      pharmacyId: pharmacies[1].id,
      accountId: ctx.accountId('13800000004'),
      role: 'customer_service' as const,
      permissions: [...grantableKeysByRole.customer_service],
      status: 'active' as const,
      teamId: hangzhou.id,
    },
  ];
  const members = await tx
    .insert(pharmacyMember)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: pharmacyMember.id, pharmacyId: pharmacyMember.pharmacyId, teamId: pharmacyMember.teamId });
  const service = members.filter((m) => m.teamId !== null);
  if (service.length) {
    await tx
      .insert(customerService)
      .values(service.map((m) => ({ pharmacyId: m.pharmacyId, memberId: m.id, teamId: m.teamId })))
      .onConflictDoNothing();
  }
}
