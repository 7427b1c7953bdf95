import { pharmacySettingsContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import type { PharmacySettingsService } from './pharmacy-settings.service';

export async function pharmacySettingsRoutes(app: FastifyInstance, { service }: { service: PharmacySettingsService }) {
  // The guard (contract access) has checked the caller's membership of the pharmacy in the header and set pharmacyId.
  const pharmacyOf = (request: { pharmacyId: number | null }) => request.pharmacyId!;

  route(app, c.getSetting, async (request) => ok(await service.getSetting(pharmacyOf(request))));

  route(app, c.updateSetting, async (request) => {
    const data = await service.updateSetting(pharmacyOf(request), request.body);
    await audit(request, 'pharmacy_setting.update', `pharmacy:${pharmacyOf(request)}`, request.body);
    return ok(data, '已保存');
  });

  route(app, c.getReceivingAccount, async (request) => ok(await service.getReceivingAccount(pharmacyOf(request))));

  route(app, c.updateReceivingAccount, async (request) => {
    const data = await service.updateReceivingAccount(pharmacyOf(request), request.body);
    // the trail names the change, never the account number itself
    await audit(request, 'pharmacy_setting.receiving_account', `pharmacy:${pharmacyOf(request)}`, {
      bank: request.body.bank,
      account_name: request.body.account_name,
      account_no: data.account_no,
    });
    return ok(data, '已保存');
  });

  route(app, c.qualificationList, async (request) => ok(await service.listQualifications(pharmacyOf(request))));

  route(app, c.qualificationAlerts, async (request) => ok(await service.qualificationAlerts(pharmacyOf(request))));

  // Qualifications feed the public pharmacy pages (licence numbers, images): their writes empty the catalogue cache.
  route(
    app,
    c.createQualification,
    async (request) => {
      const data = await service.createQualification(pharmacyOf(request), request.body);
      await audit(request, 'pharmacy_qualification.create', `pharmacy_qualification:${data.id}`, { kind: data.kind });
      return ok(data, '已添加');
    },
    { changesCatalogue: true },
  );

  route(
    app,
    c.updateQualification,
    async (request) => {
      const data = await service.updateQualification(pharmacyOf(request), request.params.id, request.body);
      await audit(request, 'pharmacy_qualification.update', `pharmacy_qualification:${data.id}`, { kind: data.kind });
      return ok(data, '已保存');
    },
    { changesCatalogue: true },
  );

  route(
    app,
    c.removeQualification,
    async (request) => {
      await service.removeQualification(pharmacyOf(request), request.params.id);
      await audit(request, 'pharmacy_qualification.delete', `pharmacy_qualification:${request.params.id}`);
      return ok(null, '已删除');
    },
    { changesCatalogue: true },
  );

  route(app, c.courierCompanies, async () => ok(await service.courierCompanies()));

  route(app, c.courierList, async (request) => ok(await service.listCouriers(pharmacyOf(request), request.query)));

  route(app, c.courierDetail, async (request) =>
    ok(await service.courierDetail(pharmacyOf(request), request.params.id)),
  );

  route(app, c.createCourier, async (request) => {
    const data = await service.createCourier(pharmacyOf(request), request.body);
    await audit(request, 'pharmacy_courier.create', `pharmacy_courier:${data.id}`, { courier_code: data.courier_code });
    return ok(data, '已添加');
  });

  route(app, c.updateCourier, async (request) => {
    const data = await service.updateCourier(pharmacyOf(request), request.params.id, request.body);
    await audit(request, 'pharmacy_courier.update', `pharmacy_courier:${data.id}`, { courier_code: data.courier_code });
    return ok(data, '已保存');
  });

  route(app, c.removeCourier, async (request) => {
    await service.removeCourier(pharmacyOf(request), request.params.id);
    await audit(request, 'pharmacy_courier.delete', `pharmacy_courier:${request.params.id}`);
    return ok(null, '已删除');
  });

  route(app, c.setDefaultCourier, async (request) => {
    const data = await service.setDefaultCourier(pharmacyOf(request), request.params.id);
    await audit(request, 'pharmacy_courier.default', `pharmacy_courier:${data.id}`);
    return ok(data, '已设为默认');
  });
}
