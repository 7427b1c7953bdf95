import { grantableKeysByRole, shanghaiToday } from '@pharmacy/shared';

export const DEMO_PASSWORD = 'Demo@12345';

export const demoAccounts = [
  { phone: '13800000001', name: '林建国', role: 'shop' },
  { phone: '13800000002', name: '周晓梅', role: 'pharmacy_admin' },
  { phone: '13800000003', name: '陈志强', role: 'manager' },
  { phone: '13800000004', name: '王丽娟', role: 'customer_service' },
  { phone: '13800000005', name: '张明远', role: 'doctor' },
  { phone: '13800000006', name: '刘静怡', role: 'pharmacist' },
  { phone: '13800000007', name: '赵运营', role: 'admin' },
  { phone: '13900000001', name: '李小华', role: 'patient' },
] as const;

/**
 * The foundation seed's stores. Licence numbers follow the real formats: a unified social credit code with both check
 * characters (GB 11714, GB 32100), a chain store's drug trade licence (省 CB area serial). Logos are drawn by
 * demoPharmacyLogoSvg and served under /demo.
 */
export const demoPharmacies = [
  {
    name: '仁心大药房(上海浦东店)',
    logoUrl: '/demo/aptitude/foundation-1-logo.svg',
    province: '上海市',
    city: '上海市',
    district: '浦东新区',
    address: '张杨路 1588 号 1 楼',
    phone: '021-58881234',
    businessHours: '08:00-22:00',
    businessLicenceNo: '913101156684179733',
    drugLicenceNo: '沪CB0213867',
    drugLicenceExpireAt: '2029-06-30',
  },
  {
    name: '仁心大药房(杭州西湖店)',
    logoUrl: '/demo/aptitude/foundation-2-logo.svg',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    address: '文三路 398 号',
    phone: '0571-87651234',
    businessHours: '08:30-21:30',
    businessLicenceNo: '91330106359409208K',
    drugLicenceNo: '浙CB5712419',
    drugLicenceExpireAt: '2028-12-31',
  },
  {
    name: '康宁药房(北京朝阳店)',
    logoUrl: '/demo/aptitude/foundation-3-logo.svg',
    province: '北京市',
    city: '北京市',
    district: '朝阳区',
    address: '朝阳北路 101 号',
    phone: '010-65431234',
    businessHours: '24 小时营业',
    businessLicenceNo: '91110105MA7EXF9R1B',
    drugLicenceNo: '京CB0106052',
    drugLicenceExpireAt: '2027-09-30',
  },
] as const;

export const staffPermissions = {
  pharmacy_admin: ['all'],
  manager: [...grantableKeysByRole.manager],
  customer_service: [...grantableKeysByRole.customer_service],
  pharmacist: [],
  shop: [],
} as const;

type Kind = 'system' | 'order' | 'recipe' | 'live' | 'chat';
export interface DemoMessage {
  kind: Kind;
  title: string;
  content: string;
  /**
   * Where 前往查看 goes. An order message's link is set by the orders seed (seed/orders.ts), to the order its text
   * names (`{order}`), once that order exists.
   */
  link?: string;
  read: boolean;
  /** Minutes before seeding. */
  ago: number;
}

/**
 * A message's text at the time it is seeded: `{date}` is the Shanghai date of the message as yyyymmdd (order and
 * prescription numbers carry it), `{date:-3}` three days earlier, `{month:-1}` the month before, as a number.
 */
export function messageText(template: string, at: Date): string {
  // the Shanghai date `offset` days from `at`, as 2025-03-01
  const day = (offset: number) => shanghaiToday(at.getTime() + offset * 86_400_000);
  return template
    .replace(/\{date(?::(-?\d+))?\}/g, (_, n?: string) => day(Number(n ?? 0)).replaceAll('-', ''))
    .replace(/\{month:-1\}/g, () => String(((Number(day(0).slice(5, 7)) + 10) % 12) + 1));
}

/**
 * The order each seeded order message tells of, by title: seed/orders.ts places it at the first store at the time of
 * the message (paid then, completed then, placed then) and fills the text's `{order}` (the order number), `{count}`
 * (its units) and `{amount}` (what was paid), then links the message to it.
 */
export const orderMessageOrders: Record<
  string,
  { status: 'pending_shipment' | 'completed' | 'pending_payment'; buyerRemark?: string }
> = {
  新订单待发货: { status: 'pending_shipment' },
  订单已签收: { status: 'completed' },
  顾客申请取消订单: { status: 'pending_shipment', buyerRemark: '买错规格了，麻烦取消订单' },
  代下单待确认: { status: 'pending_payment' },
  订单已完成: { status: 'completed' },
};

const common: DemoMessage[] = [
  {
    kind: 'system',
    title: '欢迎使用药房后台',
    content: '您的账号已开通，请尽快修改初始密码，并在「账号与权限」中核对您的角色。',
    read: true,
    ago: 60 * 24 * 14,
  },
  {
    kind: 'system',
    title: '系统维护通知',
    content: '平台将于本周六 02:00-04:00 进行例行维护，期间订单与处方服务可能短暂不可用，请提前安排。',
    read: true,
    ago: 60 * 24 * 3,
  },
  {
    kind: 'system',
    title: '登录安全提醒',
    content: '检测到您的账号在新设备上登录，如非本人操作，请立即修改密码。',
    read: false,
    ago: 90,
  },
];

const shopLike: DemoMessage[] = [
  {
    kind: 'order',
    title: '新订单待发货',
    content: '订单 {order} 已支付，共 {count} 件商品，请在 24 小时内安排发货。',
    read: false,
    ago: 25,
  },
  {
    kind: 'order',
    title: '订单已签收',
    content: '订单 {order} 顾客已确认收货，货款将在结算周期内到账。',
    read: true,
    ago: 60 * 20,
  },
  {
    kind: 'order',
    title: '顾客申请取消订单',
    content: '顾客申请取消订单 {order}，原因：买错规格，请及时处理。',
    read: false,
    ago: 60 * 5,
  },
  {
    kind: 'system',
    title: '资质即将到期',
    content: '您药店的《药品经营许可证》将于 6 个月内到期，请及时在「药店设置」中更新资质。',
    link: '/pharmacy/set',
    read: false,
    ago: 60 * 26,
  },
  {
    kind: 'live',
    title: '直播课程即将开始',
    content: '《秋冬季呼吸道疾病用药指导》将于今晚 19:30 开播，请提醒会员准时观看。',
    link: '/broadcast/topiclist',
    read: true,
    ago: 60 * 30,
  },
  {
    kind: 'system',
    title: '对账单已生成',
    content: '{month:-1} 月份对账单已生成，本期结算金额 ¥12,860.50，请在「财务对账」中核对。',
    link: '/pharmacy/finance',
    read: true,
    ago: 60 * 24 * 6,
  },
];

const serviceLike: DemoMessage[] = [
  {
    kind: 'chat',
    title: '新的顾客咨询',
    content: '顾客 李** 发起了用药咨询：布洛芬缓释胶囊可以和感冒药一起吃吗？',
    link: '/chatRoom',
    read: false,
    ago: 8,
  },
  {
    kind: 'order',
    title: '代下单待确认',
    content: '您为顾客创建的代下单 {order} 等待顾客确认支付。',
    read: false,
    ago: 60 * 3,
  },
  {
    kind: 'system',
    title: '本周任务提醒',
    content: '您本周还有 5 个回访任务未完成，请在「任务列表」中跟进。',
    link: '/marketManage/task',
    read: true,
    ago: 60 * 24 * 2,
  },
];

export const demoMessages: Record<string, DemoMessage[]> = {
  '13800000001': [
    ...common,
    ...shopLike,
    // enough history to page past one screen of 20
    ...Array.from({ length: 14 }, (_, i) => ({
      kind: 'order' as const,
      title: '订单已完成',
      content: '订单 {order} 已完成，订单金额 ¥{amount}。',
      read: true,
      ago: 60 * 24 * (7 + i),
    })),
  ],
  '13800000002': [...common, ...shopLike],
  '13800000003': [...common, ...serviceLike, shopLike[0]],
  '13800000004': [...common, ...serviceLike],
  '13800000005': [
    ...common,
    {
      kind: 'recipe',
      title: '新的问诊需求',
      content: '患者 李** 提交了复诊开方需求：高血压，需续开苯磺酸氨氯地平片。',
      link: '/doctor/consultationNeeds',
      read: false,
      ago: 15,
    },
    {
      kind: 'recipe',
      title: '处方审核未通过',
      content: '处方 CF{date}0021 被药师驳回，原因：用量超出说明书推荐剂量，请修改后重新提交。',
      link: '/doctor/prescription',
      read: false,
      ago: 60 * 4,
    },
  ],
  '13800000006': [
    ...common,
    {
      kind: 'recipe',
      title: '待审核处方',
      content: '您有 3 张处方等待审核，最早一张已等待 25 分钟。',
      link: '/chemist/prescription-approval',
      read: false,
      ago: 25,
    },
  ],
  '13800000007': [
    ...common,
    {
      kind: 'system',
      title: '新的投诉待处理',
      content: '用户投诉 仁心大药房(杭州西湖店) 发货超时，请在「投诉管理」中处理。',
      link: '/website/complaint',
      read: false,
      ago: 45,
    },
    {
      kind: 'system',
      title: '药店入驻申请',
      content: '康宁药房(北京朝阳店) 提交了资质更新申请，请审核。',
      link: '/website/pharmacy',
      read: true,
      ago: 60 * 24,
    },
  ],
};
