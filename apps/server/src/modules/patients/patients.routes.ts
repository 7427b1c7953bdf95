import { patientContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import type { PatientService } from './patients.service';

export async function patientRoutes(app: FastifyInstance, { service }: { service: PatientService }) {
  route(app, c.familyMembers, async (request) => ok(await service.familyMembers(request.user!.accountId)));

  route(app, c.createFamilyMember, async (request) =>
    ok(await service.createFamilyMember(request.user!.accountId, request.body), '已添加'),
  );

  route(app, c.updateFamilyMember, async (request) =>
    ok(await service.updateFamilyMember(request.user!.accountId, request.params.id, request.body), '已保存'),
  );

  route(app, c.removeFamilyMember, async (request) => {
    await service.removeFamilyMember(request.user!.accountId, request.params.id);
    return ok(null, '已删除');
  });

  route(app, c.setDefaultFamilyMember, async (request) =>
    ok(await service.setDefaultFamilyMember(request.user!.accountId, request.params.id), '已设为默认就诊人'),
  );

  route(app, c.addresses, async (request) => ok(await service.addresses(request.user!.accountId)));

  route(app, c.createAddress, async (request) =>
    ok(await service.createAddress(request.user!.accountId, request.body), '已添加'),
  );

  route(app, c.updateAddress, async (request) =>
    ok(await service.updateAddress(request.user!.accountId, request.params.id, request.body), '已保存'),
  );

  route(app, c.removeAddress, async (request) => {
    await service.removeAddress(request.user!.accountId, request.params.id);
    return ok(null, '已删除');
  });

  route(app, c.setDefaultAddress, async (request) =>
    ok(await service.setDefaultAddress(request.user!.accountId, request.params.id), '已设为默认地址'),
  );

  route(app, c.discernAddress, async (request) => ok(service.discern(request.body.text)));
}
