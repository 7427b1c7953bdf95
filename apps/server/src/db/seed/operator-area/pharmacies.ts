import { shanghaiToday } from '@pharmacy/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../../lib/crypto';
import { notify } from '../../../lib/notify';
import { createRng, unifiedSocialCreditCode } from '../../../modules/catalogue/demo-catalogue';
import {
  account,
  pharmacy,
  pharmacyGroup,
  pharmacyMember,
  pharmacyQualification,
  pharmacySetting,
} from '../../schema/index';
import { DEMO_PASSWORD } from '../demo-data';
import type { OperatorSeedContext, Tx } from './context';

const DAY_MS = 86_400_000;

/** The pending application the demo operator approves (e2e): its owner signs in with the demo password. */
export const pendingApplication = {
  name: '杭州康宁大药房（文三路店）',
  owner: { phone: '13800000021', name: '沈康宁' },
} as const;

/** A rejected application, with the reason its owner reads. */
export const rejectedApplication = {
  name: '百姓康大药房(苏州姑苏店)',
  owner: { phone: '13800000022', name: '顾文涛' },
  reason: '营业执照经营范围未包含药品零售，请办理经营范围变更后重新提交申请',
} as const;

/** One of the six stores of the demo catalogue (no demo login belongs to it), suspended with a reason. */
export const suspendedPharmacy = {
  name: '长安大药房(西安雁塔店)',
  reason: '药品经营许可证年度检查发现冷链药品温度记录不全，整改期间暂停营业',
} as const;

/** The second group (the first, 仁心大药房连锁, is the foundation seed's): two stores of the demo catalogue. */
export const southGroup = {
  name: '华南康泰医药集团',
  remark: '广东省内连锁药房，统一采购与配送',
  members: ['百草堂大药房(广州天河店)', '安康大药房(深圳南山店)'],
} as const;

const image = (store: number, name: string) => `/demo/aptitude/foundation-${store}-${name}.svg`;

async function ownerAccount(tx: Tx, owner: { phone: string; name: string }, password: string | null, at: Date) {
  const [row] = await tx
    .insert(account)
    .values({
      phone: owner.phone,
      phoneUserId: `pu_${owner.phone}`,
      name: owner.name,
      passwordHash: password ? await hashPassword(password) : null,
      createdAt: at,
    })
    .returning({ id: account.id });
  return row.id;
}

/**
 * Operator demo data: a pending application with its documents (images of the demo image route), a rejected one, a
 * suspended store and a second group. The demo operator 赵运营 (13800000007) decided the rejection and the suspension.
 */
export async function seedOperatorPharmacies(ctx: OperatorSeedContext): Promise<void> {
  const { tx, now } = ctx;
  const day = (offset: number) => shanghaiToday(now + offset * DAY_MS);
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
  const [operator] = await tx.select({ id: account.id }).from(account).where(eq(account.phone, '13800000007'));
  const operatorId = operator?.id ?? null;

  // ---- the pending application: every document on file, the business licence already checked
  const ownerId = await ownerAccount(tx, pendingApplication.owner, DEMO_PASSWORD, at(3));
  // real-format licence numbers (both check characters of the 统一社会信用代码), drawn from a fixed seed
  const rng = createRng(20261124);
  const rejectedLicenceNo = unifiedSocialCreditCode('320508', rng);
  const pending = {
    businessLicenceNo: unifiedSocialCreditCode('330106', rng),
    drugLicenceNo: '浙CB5710628',
    drugLicenceExpireAt: day(5 * 365),
  };
  const pendingDocs = [
    {
      kind: 'business_licence' as const,
      name: '营业执照',
      number: pending.businessLicenceNo,
      expireAt: null,
      images: [image(2, 'business-licence')],
    },
    {
      kind: 'drug_trade_licence' as const,
      name: '药品经营许可证',
      number: pending.drugLicenceNo,
      expireAt: pending.drugLicenceExpireAt,
      images: [image(2, 'drug-licence')],
    },
    {
      kind: 'internet_drug_info' as const,
      name: '互联网药品信息服务资格证书',
      number: '(浙)-经营性-2025-0213',
      expireAt: day(5 * 365 - 30),
      images: [image(2, 'internet-drug-info')],
    },
    {
      kind: 'medical_device' as const,
      name: '第二类医疗器械经营备案凭证',
      number: '浙杭药监械经营备20250318号',
      expireAt: null,
      images: [image(2, 'medical-device')],
    },
  ];
  const [pendingRow] = await tx
    .insert(pharmacy)
    .values({
      name: pendingApplication.name,
      logoUrl: '',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      address: '文三路 478 号华星时代广场 1 楼',
      phone: '0571-88231234',
      businessHours: '08:00-21:00',
      businessLicenceNo: pending.businessLicenceNo,
      drugLicenceNo: pending.drugLicenceNo,
      drugLicenceExpireAt: pending.drugLicenceExpireAt,
      aptitudeImages: pendingDocs.flatMap((d) => d.images),
      status: 'pending',
      ownerAccountId: ownerId,
      appliedAt: at(2),
      checklist: { business_licence: true },
      createdAt: at(2),
    })
    .returning({ id: pharmacy.id });
  await tx.insert(pharmacySetting).values({ pharmacyId: pendingRow.id, servicePhone: '0571-88231234' });
  await tx.insert(pharmacyMember).values({ pharmacyId: pendingRow.id, accountId: ownerId, role: 'shop' });
  await tx.insert(pharmacyQualification).values(
    pendingDocs.map((d) => ({
      pharmacyId: pendingRow.id,
      kind: d.kind,
      name: d.name,
      number: d.number,
      images: d.images,
      expireAt: d.expireAt,
    })),
  );
  if (operatorId !== null) {
    await notify(tx, {
      accountId: operatorId,
      kind: 'system',
      title: '新的药店入驻申请',
      content: `${pendingApplication.name} 提交了入驻申请，请在「药店管理」中核对资质并审核。`,
      link: '/website/pharmacy?status=pending',
    });
  }

  // ---- the rejected application
  const rejectedOwnerId = await ownerAccount(tx, rejectedApplication.owner, null, at(20));
  const [rejectedRow] = await tx
    .insert(pharmacy)
    .values({
      name: rejectedApplication.name,
      province: '江苏省',
      city: '苏州市',
      district: '姑苏区',
      address: '人民路 1208 号',
      phone: '0512-65281234',
      businessHours: '08:30-21:30',
      businessLicenceNo: rejectedLicenceNo,
      drugLicenceNo: '苏CB5120317',
      drugLicenceExpireAt: day(4 * 365),
      aptitudeImages: [image(3, 'business-licence')],
      status: 'rejected',
      statusReason: rejectedApplication.reason,
      ownerAccountId: rejectedOwnerId,
      appliedAt: at(20),
      reviewedBy: operatorId,
      reviewedAt: at(18),
      createdAt: at(20),
    })
    .returning({ id: pharmacy.id });
  await tx.insert(pharmacySetting).values({ pharmacyId: rejectedRow.id });
  await tx.insert(pharmacyMember).values({ pharmacyId: rejectedRow.id, accountId: rejectedOwnerId, role: 'shop' });
  await tx.insert(pharmacyQualification).values({
    pharmacyId: rejectedRow.id,
    kind: 'business_licence',
    name: '营业执照',
    number: rejectedLicenceNo,
    images: [image(3, 'business-licence')],
    expireAt: null,
  });
  await notify(tx, {
    accountId: rejectedOwnerId,
    kind: 'system',
    title: '药店入驻申请未通过',
    content: `${rejectedApplication.name} 的入驻申请未通过审核，原因：${rejectedApplication.reason}。如有疑问请联系平台运营。`,
    link: '/pharmacy/switch-pharmacy',
    senderId: operatorId,
  });

  // ---- the suspended store
  await tx
    .update(pharmacy)
    .set({ status: 'suspended', statusReason: suspendedPharmacy.reason, reviewedBy: operatorId, reviewedAt: at(3) })
    .where(eq(pharmacy.name, suspendedPharmacy.name));

  // ---- the platform's own stores (no application: applied_at null) joined long before the demo's history; the
  // operator's list shows created_at as their 入驻时间, which the seed's start would make today for all of them
  await tx.execute(sql`update pharmacy set created_at = ${at(420).toISOString()}::timestamptz + id * interval '23 days'
    where applied_at is null and created_at > ${at(420).toISOString()}::timestamptz + id * interval '23 days'`);

  // ---- the second group
  const [group] = await tx
    .insert(pharmacyGroup)
    .values({ name: southGroup.name, remark: southGroup.remark, createdAt: at(30) })
    .returning({ id: pharmacyGroup.id });
  await tx
    .update(pharmacy)
    .set({ groupId: group.id })
    .where(inArray(pharmacy.name, [...southGroup.members]));
}
