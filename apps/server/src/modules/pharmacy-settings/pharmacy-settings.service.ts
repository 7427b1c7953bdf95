import {
  type ContractBody,
  type CourierCode,
  type CourierCompany,
  type CourierListQuery,
  type pharmacySettingsContracts as c,
  courierCodeList,
  courierNames,
  EXPIRY_WARNING_MONTHS_MAX,
  EXPIRY_WINDOW_DEFAULT_MONTHS,
  expiryWindowEnd,
  maskAccountNo,
  maskPhone,
  type PageResult,
  type PharmacyCourier,
  type PharmacySetting,
  type Qualification,
  type QualificationAlerts,
  type QualificationList,
  qualificationExpiryState,
  qualificationKindLabels,
  type ReceivingAccount,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type {
  CourierRow,
  CourierValues,
  PharmacySettingsRepository,
  QualificationRow,
  QualificationValues,
  SettingRow,
} from './pharmacy-settings.repository';

type SettingBody = ContractBody<typeof c.updateSetting>;
type ReceivingAccountBody = ContractBody<typeof c.updateReceivingAccount>;
type QualificationBody = ContractBody<typeof c.createQualification>;
type CourierBody = ContractBody<typeof c.createCourier>;

export interface PharmacySettingsClock {
  /** Today in Shanghai, YYYY-MM-DD (tests fix it). */
  today: () => string;
}

/** The warning window a pharmacy chose (pharmacy_setting.config.expiry_warning_months), else the spec's six months. */
export function warningMonths(row: Pick<SettingRow, 'config'> | undefined): number {
  const value = (row?.config as { expiry_warning_months?: unknown } | null | undefined)?.expiry_warning_months;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= EXPIRY_WARNING_MONTHS_MAX
    ? value
    : EXPIRY_WINDOW_DEFAULT_MONTHS;
}

const notFoundQualification = () => AppError.notFound('资质证照不存在或已删除', 'Qualification not found');
const notFoundCourier = () => AppError.notFound('快递不存在或已删除', 'Courier not found');

const toCourier = (row: CourierRow, options: { maskPhone?: boolean } = {}): PharmacyCourier => ({
  id: row.id,
  courier_code: row.courierCode as CourierCode,
  company_name: row.companyName,
  account_no: row.accountNo,
  is_default: row.isDefault,
  sender_name: row.senderName,
  sender_phone: options.maskPhone ? String(maskPhone(row.senderPhone)) : row.senderPhone,
  sender_province: row.senderProvince,
  sender_city: row.senderCity,
  sender_district: row.senderDistrict,
  sender_address: row.senderAddress,
  status: row.status,
  remark: row.remark,
  updated_at: row.updatedAt.toISOString(),
});

/** Settings, receiving account, qualifications and couriers of the caller's pharmacy. No Fastify types here. */
export class PharmacySettingsService {
  constructor(
    private readonly repo: PharmacySettingsRepository,
    private readonly clock: PharmacySettingsClock = { today: () => shanghaiToday() },
  ) {}

  // ---------------------------------------------------------------------------------------------------------------
  // Settings

  private async companyName(code: string, names?: Map<string, string>): Promise<string> {
    if (!code) return '';
    const map = names ?? (await this.repo.companyNames());
    return map.get(code) ?? courierNames[code as CourierCode] ?? code;
  }

  async getSetting(pharmacyId: number): Promise<PharmacySetting> {
    const row = await this.repo.findSetting(pharmacyId);
    return {
      freight: row?.freight ?? '0.00',
      free_freight_threshold: row?.freeFreightThreshold ?? null,
      auto_confirm_days: row?.autoConfirmDays ?? 7,
      default_courier: row?.defaultCourier ?? '',
      default_courier_name: await this.companyName(row?.defaultCourier ?? ''),
      sf_account: row?.sfAccount ?? '',
      service_phone: row?.servicePhone ?? '',
      expiry_warning_months: warningMonths(row),
    };
  }

  async updateSetting(pharmacyId: number, body: SettingBody): Promise<PharmacySetting> {
    await this.repo.transaction(async (tx) => {
      await this.repo.ensureSetting(pharmacyId, tx);
      await this.repo.lockCouriers(pharmacyId, tx);
      if (body.default_courier === '') {
        await this.repo.setDefaultCourier(pharmacyId, null, tx);
      } else {
        const courier = await this.repo.findEnabledCourierByCode(pharmacyId, body.default_courier, tx);
        if (!courier) throw AppError.badParams('default_courier', '须为本店已启用的快递，请先在快递设置中添加');
        if (!courier.isDefault) await this.repo.setDefaultCourier(pharmacyId, courier.id, tx);
      }
      await this.repo.updateSetting(
        pharmacyId,
        {
          freight: body.freight,
          freeFreightThreshold: body.free_freight_threshold,
          autoConfirmDays: body.auto_confirm_days,
          servicePhone: body.service_phone,
          expiryWarningMonths: body.expiry_warning_months,
        },
        tx,
      );
      await this.repo.syncCourierMirrors(pharmacyId, tx);
    });
    return this.getSetting(pharmacyId);
  }

  async getReceivingAccount(pharmacyId: number): Promise<ReceivingAccount> {
    const row = await this.repo.findSetting(pharmacyId);
    const accountNo = row?.receivingAccountNo ?? '';
    return {
      bank: row?.receivingBank ?? '',
      account_name: row?.receivingAccountName ?? '',
      account_no: maskAccountNo(accountNo),
      has_account_no: accountNo !== '',
    };
  }

  async updateReceivingAccount(pharmacyId: number, body: ReceivingAccountBody): Promise<ReceivingAccount> {
    const accountNo = body.account_no || undefined;
    await this.repo.transaction(async (tx) => {
      await this.repo.ensureSetting(pharmacyId, tx);
      if (accountNo === undefined && !(await this.repo.findSetting(pharmacyId, tx))?.receivingAccountNo)
        throw AppError.badParams('account_no', '请输入银行账号');
      await this.repo.updateReceivingAccount(
        pharmacyId,
        { bank: body.bank, accountName: body.account_name, accountNo },
        tx,
      );
    });
    return this.getReceivingAccount(pharmacyId);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Qualifications

  private async window(pharmacyId: number) {
    const months = warningMonths(await this.repo.findSetting(pharmacyId));
    return { months, today: this.clock.today() };
  }

  private toQualification(row: QualificationRow, window: { today: string; months: number }): Qualification {
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      number: row.number,
      images: row.images,
      expire_at: row.expireAt,
      remark: row.remark,
      expiry_state: qualificationExpiryState(row.expireAt, window),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async listQualifications(pharmacyId: number): Promise<QualificationList> {
    const [window, rows] = await Promise.all([this.window(pharmacyId), this.repo.listQualifications(pharmacyId)]);
    return { list: rows.map((r) => this.toQualification(r, window)), ...window };
  }

  /** Counts by the same window and day as the list's states (the boundaries are tested to agree). */
  async qualificationAlerts(pharmacyId: number): Promise<QualificationAlerts> {
    const { months, today } = await this.window(pharmacyId);
    const counts = await this.repo.qualificationAlerts(pharmacyId, today, expiryWindowEnd(today, months));
    return { ...counts, months };
  }

  private qualificationValues(body: QualificationBody): QualificationValues {
    return {
      kind: body.kind,
      name: body.name || qualificationKindLabels[body.kind],
      number: body.number,
      images: body.images,
      expireAt: body.expire_at,
      remark: body.remark,
    };
  }

  async createQualification(pharmacyId: number, body: QualificationBody): Promise<Qualification> {
    const row = await this.repo.transaction(async (tx) => {
      const inserted = await this.repo.insertQualification(pharmacyId, this.qualificationValues(body), tx);
      await this.repo.syncPharmacyLicences(pharmacyId, tx);
      return inserted;
    });
    return this.toQualification(row, await this.window(pharmacyId));
  }

  async updateQualification(pharmacyId: number, id: number, body: QualificationBody): Promise<Qualification> {
    const row = await this.repo.transaction(async (tx) => {
      const updated = await this.repo.updateQualification(pharmacyId, id, this.qualificationValues(body), tx);
      if (!updated) throw notFoundQualification();
      await this.repo.syncPharmacyLicences(pharmacyId, tx);
      return updated;
    });
    return this.toQualification(row, await this.window(pharmacyId));
  }

  async removeQualification(pharmacyId: number, id: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      if (!(await this.repo.deleteQualification(pharmacyId, id, tx))) throw notFoundQualification();
      await this.repo.syncPharmacyLicences(pharmacyId, tx);
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Couriers

  /** The spec's courier codes (§3), named as the express_company collection names them (else the shared names). */
  async courierCompanies(): Promise<CourierCompany[]> {
    const names = await this.repo.companyNames();
    return courierCodeList.map((code) => ({ code, name: names.get(code) ?? courierNames[code] }));
  }

  async listCouriers(pharmacyId: number, query: CourierListQuery): Promise<PageResult<PharmacyCourier>> {
    const { rows, total } = await this.repo.pageCouriers(
      pharmacyId,
      { courierCode: query.courier_code, status: query.status },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return {
      list: rows.map((r) => toCourier(r, { maskPhone: true })),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  async courierDetail(pharmacyId: number, id: number): Promise<PharmacyCourier> {
    const row = await this.repo.findCourier(pharmacyId, id);
    if (!row) throw notFoundCourier();
    return toCourier(row);
  }

  private async courierValues(body: CourierBody): Promise<CourierValues> {
    return {
      courierCode: body.courier_code,
      companyName: await this.companyName(body.courier_code),
      accountNo: body.account_no,
      senderName: body.sender_name,
      senderPhone: body.sender_phone,
      senderProvince: body.sender_province,
      senderCity: body.sender_city,
      senderDistrict: body.sender_district,
      senderAddress: body.sender_address,
      status: body.status,
      remark: body.remark,
    };
  }

  async createCourier(pharmacyId: number, body: CourierBody): Promise<PharmacyCourier> {
    const values = await this.courierValues(body);
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lockCouriers(pharmacyId, tx);
      const inserted = await this.repo.insertCourier(pharmacyId, values, tx);
      await this.repo.syncCourierMirrors(pharmacyId, tx);
      return inserted;
    });
    return toCourier(row);
  }

  async updateCourier(pharmacyId: number, id: number, body: CourierBody): Promise<PharmacyCourier> {
    const values = await this.courierValues(body);
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lockCouriers(pharmacyId, tx);
      const current = await this.repo.findCourier(pharmacyId, id, tx);
      if (!current) throw notFoundCourier();
      if (current.isDefault && values.status === 'disabled')
        throw AppError.badParams('status', '默认快递不能停用，请先将其他快递设为默认');
      const updated = await this.repo.updateCourier(pharmacyId, id, values, tx);
      await this.repo.syncCourierMirrors(pharmacyId, tx);
      return updated;
    });
    return toCourier(row);
  }

  async removeCourier(pharmacyId: number, id: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lockCouriers(pharmacyId, tx);
      const current = await this.repo.findCourier(pharmacyId, id, tx);
      if (!current) throw notFoundCourier();
      if (current.isDefault)
        throw AppError.conflict('默认快递不能删除，请先将其他快递设为默认', 'The default courier cannot be deleted');
      await this.repo.deleteCourier(pharmacyId, id, tx);
      await this.repo.syncCourierMirrors(pharmacyId, tx);
    });
  }

  /** One default per pharmacy: concurrent calls queue on the pharmacy's courier lock; the last one wins. */
  async setDefaultCourier(pharmacyId: number, id: number): Promise<PharmacyCourier> {
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lockCouriers(pharmacyId, tx);
      const current = await this.repo.findCourier(pharmacyId, id, tx);
      if (!current) throw notFoundCourier();
      if (current.status !== 'enabled')
        throw AppError.conflict('已停用的快递不能设为默认，请先启用', 'A disabled courier cannot be the default');
      await this.repo.setDefaultCourier(pharmacyId, id, tx);
      await this.repo.syncCourierMirrors(pharmacyId, tx);
      return { ...current, isDefault: true };
    });
    return toCourier(row);
  }
}
