import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto';
import type { Database } from '../client';
import {
  account,
  address,
  adminProfile,
  blackUser,
  channel,
  commonDiagnose,
  customerInfo,
  customerService,
  doctor,
  familyMember,
  message,
  pharmacy,
  pharmacyGroup,
  pharmacyMember,
  pharmacySetting,
  team,
  viper,
} from '../schema/index';
import { seedCatalogue } from './catalogue';
import { seedChat } from './chat';
import { seedClinical } from './clinical';
import { DEMO_PASSWORD, demoAccounts, demoMessages, demoPharmacies, messageText, staffPermissions } from './demo-data';
import { seedLive } from './live';
import { seedMarketing } from './marketing/index';
import { seedOperatorArea } from './operator-area/index';
import { seedDemoOrders } from './orders';
import { seedPharmacyConsole } from './pharmacy-console';

export { DEMO_PASSWORD, demoAccounts } from './demo-data';

/** Serialises the demo seed across instances (migrations use 72_011_001). */
const SEED_LOCK_KEY = 72_011_002;

const phoneUserId = (phone: string) => `pu_${phone}`;

/**
 * Demo data: one account per role, three pharmacies, a patient and notifications, then the demo catalogue (medicines,
 * six more pharmacies, quotes, home content), then the pharmacy console's data. Each part skips when already seeded.
 */
export async function seedDemo(db: Database): Promise<{ seeded: boolean }> {
  const people = await seedPeople(db);
  const catalogue = await seedCatalogue(db);
  const console = await seedPharmacyConsole(db);
  const orders = await seedDemoOrders(db);
  const clinical = await seedClinical(db);
  const chat = await seedChat(db);
  const live = await seedLive(db);
  const marketing = await seedMarketing(db);
  const operator = await seedOperatorArea(db);
  return {
    seeded: people || catalogue || console || orders || clinical || chat || live || marketing || operator,
  };
}

async function seedPeople(db: Database): Promise<boolean> {
  const [existing] = await db
    .select({ id: account.id })
    .from(account)
    .where(eq(account.phone, demoAccounts[0].phone))
    .limit(1);
  if (existing) return false;

  const hashes = await Promise.all(demoAccounts.map(() => hashPassword(DEMO_PASSWORD)));

  let seeded = true;
  await db.transaction(async (tx) => {
    // instances starting together on a fresh database: one seeds, the others wait here and find it done
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [again] = await tx
      .select({ id: account.id })
      .from(account)
      .where(eq(account.phone, demoAccounts[0].phone))
      .limit(1);
    if (again) {
      seeded = false;
      return;
    }
    const accounts = await tx
      .insert(account)
      .values(
        demoAccounts.map((a, i) => ({
          phone: a.phone,
          phoneUserId: phoneUserId(a.phone),
          name: a.name,
          passwordHash: hashes[i],
          eCommerce: a.role === 'shop',
        })),
      )
      .returning({ id: account.id, phone: account.phone });
    const idOf = (phone: string) => accounts.find((a) => a.phone === phone)!.id;
    const shopId = idOf('13800000001');

    const [chain] = await tx
      .insert(pharmacyGroup)
      .values({ name: '仁心大药房连锁', remark: '华东区域连锁门店' })
      .returning({ id: pharmacyGroup.id });
    const pharmacies = await tx
      .insert(pharmacy)
      .values(
        demoPharmacies.map((p, i) => ({
          ...p,
          status: 'active' as const,
          ownerAccountId: i < 2 ? shopId : null,
          groupId: i < 2 ? chain.id : null,
        })),
      )
      .returning({ id: pharmacy.id });
    const [first, second] = pharmacies;
    await tx.insert(pharmacySetting).values(
      pharmacies.map((p, i) => ({
        pharmacyId: p.id,
        freight: i === 2 ? '8.00' : '6.00',
        freeFreightThreshold: '99.00',
        defaultCourier: i === 2 ? 'YD' : 'SF',
        servicePhone: demoPharmacies[i].phone,
        receivingBank: '招商银行',
        receivingAccountName: demoPharmacies[i].name,
      })),
    );

    const members = await tx
      .insert(pharmacyMember)
      .values([
        { pharmacyId: first.id, accountId: shopId, role: 'shop' as const, permissions: [...staffPermissions.shop] },
        { pharmacyId: second.id, accountId: shopId, role: 'shop' as const, permissions: [...staffPermissions.shop] },
        {
          pharmacyId: first.id,
          accountId: idOf('13800000002'),
          role: 'pharmacy_admin' as const,
          permissions: [...staffPermissions.pharmacy_admin],
        },
        {
          pharmacyId: first.id,
          accountId: idOf('13800000003'),
          role: 'manager' as const,
          permissions: [...staffPermissions.manager],
        },
        {
          pharmacyId: first.id,
          accountId: idOf('13800000004'),
          role: 'customer_service' as const,
          permissions: [...staffPermissions.customer_service],
        },
        {
          pharmacyId: first.id,
          accountId: idOf('13800000006'),
          role: 'pharmacist' as const,
          permissions: [],
        },
      ])
      .returning({ id: pharmacyMember.id, accountId: pharmacyMember.accountId });

    const [serviceTeam] = await tx
      .insert(team)
      .values({ pharmacyId: first.id, name: '浦东客服一组', leaderAccountId: idOf('13800000003') })
      .returning({ id: team.id });
    const csMember = members.find((m) => m.accountId === idOf('13800000004'))!;
    const managerMember = members.find((m) => m.accountId === idOf('13800000003'))!;
    for (const m of [csMember, managerMember]) {
      await tx.update(pharmacyMember).set({ teamId: serviceTeam.id }).where(eq(pharmacyMember.id, m.id));
    }
    await tx.insert(customerService).values({ pharmacyId: first.id, memberId: csMember.id, teamId: serviceTeam.id });
    const [poster] = await tx
      .insert(channel)
      .values([
        { pharmacyId: first.id, name: '门店海报', scene: 'pd-poster', scanCount: 328, memberCount: 57 },
        { pharmacyId: first.id, name: '社区义诊', scene: 'pd-clinic', scanCount: 96, memberCount: 21 },
      ])
      .returning({ id: channel.id });

    const [doc] = await tx
      .insert(doctor)
      .values({
        accountId: idOf('13800000005'),
        hospital: '上海市第一人民医院',
        department: '全科医学科',
        title: '副主任医师',
        licenceNo: '110310000048273',
        intro: '从事全科临床工作 15 年，擅长高血压、糖尿病等慢病管理及常见病诊治。',
      })
      .returning({ id: doctor.id });
    await tx.insert(commonDiagnose).values(
      ['原发性高血压', '2 型糖尿病', '急性上呼吸道感染', '慢性胃炎', '过敏性鼻炎'].map((text, i) => ({
        doctorId: doc.id,
        text,
        sort: i,
      })),
    );
    await tx.insert(adminProfile).values({ accountId: idOf('13800000007'), adminPermissions: ['all'] });

    const patientId = idOf('13900000001');
    await tx.insert(familyMember).values([
      {
        accountId: patientId,
        name: '李小华',
        idNumber: '310115199003077729',
        gender: 'female' as const,
        birthday: '1990-03-07',
        phone: '13900000001',
        relation: 'self',
        isDefault: true,
        allergyHistory: ['青霉素'],
        pastMedicalHistory: ['过敏性鼻炎'],
      },
      {
        accountId: patientId,
        name: '李建军',
        idNumber: '310115196205124411',
        gender: 'male' as const,
        birthday: '1962-05-12',
        phone: '13900000002',
        relation: 'father',
        familyMedicalHistory: ['高血压'],
        pastMedicalHistory: ['原发性高血压', '2 型糖尿病'],
      },
    ]);
    await tx.insert(address).values({
      accountId: patientId,
      name: '李小华',
      phone: '13900000001',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      detail: '世纪大道 100 号 8 栋 1202 室',
      isDefault: true,
    });
    await tx.insert(viper).values({
      pharmacyId: first.id,
      accountId: patientId,
      level: 2,
      points: 1280,
      channelId: poster.id,
      tags: ['慢病', '高血压家属'],
      remark: '每月为父亲购买降压药',
    });
    await tx.insert(customerInfo).values({
      pharmacyId: first.id,
      accountId: patientId,
      source: '门店海报',
      tags: ['复购'],
      notes: '偏好顺丰配送，周末在家。',
      ownerAccountId: idOf('13800000004'),
    });
    await tx.insert(blackUser).values({
      pharmacyId: first.id,
      phone: '13700000009',
      reason: '多次恶意下单后拒收',
      createdBy: idOf('13800000002'),
    });

    const now = Date.now();
    const rows = Object.entries(demoMessages).flatMap(([phone, list]) =>
      list
        // oldest first, so ids grow with time like real traffic
        .toSorted((a, b) => b.ago - a.ago)
        .map((m) => {
          const at = new Date(now - m.ago * 60_000);
          return {
            accountId: idOf(phone),
            kind: m.kind,
            title: m.title,
            content: messageText(m.content, at),
            link: m.link ?? null,
            readAt: m.read ? new Date(Math.min(at.getTime() + 10 * 60_000, now)) : null,
            createdAt: at,
            updatedAt: at,
          };
        }),
    );
    await tx.insert(message).values(rows);
  });
  return seeded;
}
