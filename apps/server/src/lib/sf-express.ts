/**
 * The SF Express (顺丰) interface shipping creates waybills through (docs/orders.md "Shipping"). A real provider
 * would call SF's open platform (EXP_RECE_CREATE_ORDER) with the pharmacy's monthly account; the built-in sandbox
 * issues SF-format waybill numbers from a database sequence (so a restart never repeats one) and routing codes from
 * the provinces' area codes, which is what the label prints.
 */

export interface SfParty {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

export interface SfCargo {
  /** what the parcel holds (托寄物), e.g. "药品" or the first item's name */
  name: string;
  count: number;
  remark?: string;
}

export interface SfCreateOrderInput {
  /** the customer's order number (our order_no): SF refuses a second order with it */
  orderNo: string;
  /** 月结卡号 */
  monthlyAccount: string;
  sender: SfParty;
  receiver: SfParty;
  cargo: SfCargo;
}

export interface SfCreatedOrder {
  /** SF + 13 digits */
  waybillNo: string;
  /** the origin and destination routing codes (area codes: 021, 571 …) printed large on the label */
  originCode: string;
  destCode: string;
  productName: string;
  provider: string;
}

export interface SfExpressProvider {
  readonly name: string;
  createOrder(input: SfCreateOrderInput): Promise<SfCreatedOrder>;
  /**
   * Cancels a waybill that was created but not used (the order was shipped by a concurrent request between the
   * waybill and the ship's transaction). A real provider calls SF's order cancel; the sandbox has nothing to undo.
   */
  cancelOrder(waybillNo: string): Promise<void>;
}

export class SfExpressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SfExpressError';
  }
}

/** A waybill number of SF's format: SF and 13 digits. */
export const SF_WAYBILL_PATTERN = /^SF\d{13}$/;

/**
 * The area code of a province-level division's capital (SF routes by city codes; the sandbox by province is close
 * enough for a label). Unknown → '999'.
 */
const provinceCodes: Record<string, string> = {
  北京: '010',
  上海: '021',
  天津: '022',
  重庆: '023',
  河北: '311',
  山西: '351',
  内蒙古: '471',
  辽宁: '024',
  吉林: '431',
  黑龙江: '451',
  江苏: '025',
  浙江: '571',
  安徽: '551',
  福建: '591',
  江西: '791',
  山东: '531',
  河南: '371',
  湖北: '027',
  湖南: '731',
  广东: '020',
  广西: '771',
  海南: '898',
  四川: '028',
  贵州: '851',
  云南: '871',
  西藏: '891',
  陕西: '029',
  甘肃: '931',
  青海: '971',
  宁夏: '951',
  新疆: '991',
  香港: '852',
  澳门: '853',
  台湾: '886',
};

/** Cities whose own code differs from their province capital's (the ones the demo ships between, and the big ones). */
const cityCodes: Record<string, string> = {
  深圳: '755',
  苏州: '512',
  宁波: '574',
  温州: '577',
  厦门: '592',
  青岛: '532',
  大连: '411',
  无锡: '510',
  佛山: '757',
  东莞: '769',
};

export function routingCode(province: string, city: string): string {
  const cityKey = Object.keys(cityCodes).find((k) => city.startsWith(k));
  if (cityKey) return cityCodes[cityKey];
  const key = Object.keys(provinceCodes).find((k) => province.startsWith(k));
  return key ? provinceCodes[key] : '999';
}

/**
 * The built-in sandbox: a waybill number is SF followed by 13 digits, the next value of a database sequence
 * (`nextSerial`) offset into the 13-digit range, so numbers are unique across requests, instances and restarts.
 */
export class SandboxSfExpressProvider implements SfExpressProvider {
  readonly name = 'sandbox';

  constructor(private readonly nextSerial: () => Promise<number | bigint | string>) {}

  async createOrder(input: SfCreateOrderInput): Promise<SfCreatedOrder> {
    if (!input.monthlyAccount) throw new SfExpressError('缺少顺丰月结卡号');
    if (!input.receiver.name || !input.receiver.phone || !input.receiver.address) {
      throw new SfExpressError('收件人信息不完整');
    }
    const serial = BigInt(await this.nextSerial());
    const digits = (1_000_000_000_000n + serial).toString();
    if (digits.length !== 13) throw new SfExpressError('顺丰沙箱运单号已用尽');
    return {
      waybillNo: `SF${digits}`,
      originCode: routingCode(input.sender.province, input.sender.city),
      destCode: routingCode(input.receiver.province, input.receiver.city),
      productName: '顺丰标快',
      provider: this.name,
    };
  }

  async cancelOrder(_waybillNo: string): Promise<void> {
    // a sandbox number is never reused: nothing to undo
  }
}
