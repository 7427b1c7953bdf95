import { type CourierCode, courierNames, type QualificationKind, shanghaiToday } from '@pharmacy/shared';
import { eq } from 'drizzle-orm';
import { pharmacy, pharmacyCourier, pharmacyQualification, pharmacySetting } from '../schema/index';
import type { ConsoleSeedContext } from './console-context';
import { demoPharmacies } from './demo-data';

const DAY_MS = 86_400_000;

/** Days from the seed day to the expiry of 仁心大药房(上海浦东店)'s GSP certificate: inside the 6-month warning window. */
export const EXPIRING_GSP_DAYS = 75;

export interface DemoQualification {
  kind: QualificationKind;
  title: string;
  number: string;
  /** YYYY-MM-DD; null = long-term. */
  expire_at: string | null;
  /** Served by the demo image route (modules/catalogue/demo-images.ts draws each from these same fields). */
  url: string;
}

const image = (index: number, name: string) => `/demo/aptitude/foundation-${index + 1}-${name}.svg`;

const perPharmacy = [
  {
    gsp: { number: 'A-SH-21-0135', expire_at: null as string | null },
    internet: { number: '(沪)-经营性-2023-0087', expire_at: '2028-03-14' },
    device: '沪浦食药监械经营备20190123号',
    receiving: {
      bank: '招商银行上海分行张江支行',
      accountName: '上海仁心大药房连锁有限公司浦东分公司',
      accountNo: '121909876510801',
    },
    autoConfirmDays: 7,
  },
  {
    gsp: { number: 'A-ZJ-22-0418', expire_at: '2027-05-19' },
    internet: { number: '(浙)-经营性-2022-0142', expire_at: '2027-11-30' },
    device: '浙杭食药监械经营备20200456号',
    receiving: {
      bank: '中国工商银行杭州文三路支行',
      accountName: '杭州仁心大药房有限公司西湖分公司',
      accountNo: '1202021109900123456',
    },
    autoConfirmDays: 7,
  },
  {
    gsp: { number: 'A-BJ-20-0097', expire_at: '2026-12-31' },
    internet: { number: '(京)-经营性-2024-0031', expire_at: '2029-06-12' },
    device: '京朝食药监械经营备20210789号',
    receiving: {
      bank: '中国建设银行北京朝阳北路支行',
      accountName: '北京康宁药房有限公司',
      accountNo: '11050188360000001234',
    },
    autoConfirmDays: 10,
  },
];

/**
 * The qualification documents of foundation pharmacy `index` (0–2), in the dialog's order: 营业执照 (long-term),
 * 药品经营许可证, GSP 证书, 医疗器械经营备案凭证 (long-term), 互联网药品信息服务资格证书. The first store's GSP certificate
 * expires EXPIRING_GSP_DAYS after `today`, so the expiry warning shows on first start.
 */
export function foundationQualifications(index: number, today: string): DemoQualification[] {
  const ph = demoPharmacies[index];
  const extra = perPharmacy[index];
  const gspExpiry =
    index === 0
      ? shanghaiToday(Date.parse(`${today}T12:00:00+08:00`) + EXPIRING_GSP_DAYS * DAY_MS)
      : extra.gsp.expire_at;
  return [
    {
      kind: 'business_licence',
      title: '营业执照',
      number: ph.businessLicenceNo,
      expire_at: null,
      url: image(index, 'business-licence'),
    },
    {
      kind: 'drug_trade_licence',
      title: '药品经营许可证',
      number: ph.drugLicenceNo,
      expire_at: ph.drugLicenceExpireAt,
      url: image(index, 'drug-licence'),
    },
    { kind: 'gsp', title: 'GSP 证书', number: extra.gsp.number, expire_at: gspExpiry, url: image(index, 'gsp') },
    {
      kind: 'medical_device',
      title: '第二类医疗器械经营备案凭证',
      number: extra.device,
      expire_at: null,
      url: image(index, 'medical-device'),
    },
    {
      kind: 'internet_drug_info',
      title: '互联网药品信息服务资格证书',
      number: extra.internet.number,
      expire_at: extra.internet.expire_at,
      url: image(index, 'internet-drug-info'),
    },
  ];
}

const fullAddress = (p: (typeof demoPharmacies)[number]) => ({
  senderProvince: p.province,
  senderCity: p.city,
  senderDistrict: p.district,
  senderAddress: p.address,
});

/** Settings, receiving accounts, qualifications (one licence expiring within 6 months) and couriers. */
export async function seedConsoleSettings(ctx: ConsoleSeedContext): Promise<void> {
  const { tx } = ctx;
  for (const [index, { id }] of ctx.pharmacies.entries()) {
    const ph = demoPharmacies[index];
    const extra = perPharmacy[index];
    const documents = foundationQualifications(index, ctx.today);

    await tx.insert(pharmacyQualification).values(
      documents.map((d) => ({
        pharmacyId: id,
        kind: d.kind,
        name: d.title,
        number: d.number,
        images: [d.url],
        expireAt: d.expire_at,
        remark: d.kind === 'medical_device' ? '经营范围：第二类医疗器械（除体外诊断试剂）' : '',
      })),
    );
    // the public pharmacy pages read these mirrors of the qualifications (docs/pharmacy-settings.md)
    await tx
      .update(pharmacy)
      .set({
        businessLicenceNo: ph.businessLicenceNo,
        drugLicenceNo: ph.drugLicenceNo,
        drugLicenceExpireAt: ph.drugLicenceExpireAt,
        aptitudeImages: documents.map((d) => d.url),
      })
      .where(eq(pharmacy.id, id));

    const sender = { senderName: ph.name.replace(/\(.*\)$/, ''), senderPhone: ph.phone, ...fullAddress(ph) };
    const courier = (code: CourierCode, values: Partial<typeof pharmacyCourier.$inferInsert>) => ({
      pharmacyId: id,
      courierCode: code,
      companyName: courierNames[code],
      ...sender,
      ...values,
    });
    const couriers =
      index < 2
        ? [
            courier('SF', { accountNo: `021567890${index + 1}`, isDefault: true, remark: '月结，默认次日达' }),
            courier('ZTO', { accountNo: index === 0 ? 'SH-PD-88123' : 'ZJ-XH-66218', remark: '非处方药大件发货' }),
          ]
        : [courier('YD', { accountNo: 'BJ-CY-30517', isDefault: true, remark: '北京同城' })];
    await tx.insert(pharmacyCourier).values(couriers);
    const defaultCourier = couriers.find((c) => c.isDefault)!;
    const sf = couriers.find((c) => c.courierCode === 'SF');

    await tx
      .update(pharmacySetting)
      .set({
        autoConfirmDays: extra.autoConfirmDays,
        defaultCourier: defaultCourier.courierCode,
        sfAccount: sf?.accountNo ?? '',
        receivingBank: extra.receiving.bank,
        receivingAccountName: extra.receiving.accountName,
        receivingAccountNo: extra.receiving.accountNo,
        servicePhone: ph.phone,
      })
      .where(eq(pharmacySetting.pharmacyId, id));
  }
}
