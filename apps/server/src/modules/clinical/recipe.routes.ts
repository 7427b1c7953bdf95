import { recipeContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { RecipeRepository } from './recipe.repository';
import { RecipeService } from './recipe.service';

/** The recipe part of the clinical module (docs/clinical.md "Writing a prescription"): request.doctorId scopes all. */
export async function recipeRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new RecipeService(new RecipeRepository(app.db));

  route(
    app,
    c.doctorList,
    async (request) => ok(await service.list(request.doctorId!, request.query)),
    // the service builds exactly the list schema (toSummary): plain JSON.stringify, as the other hot lists do,
    // instead of the zod encode pass over a page of rows
    { serializerCompiler: () => (data) => JSON.stringify(data) },
  );

  route(app, c.doctorDetail, async (request) => ok(await service.detail(request.doctorId!, request.params.id)));

  route(app, c.check, async (request) => ok(await service.check(request.doctorId!, request.body)));

  route(app, c.write, async (request) => {
    const { overridden, ...written } = await service.write(request.doctorId!, request.body);
    await audit(request, 'recipe.write', `recipe:${written.id}`, {
      recipe_no: written.recipe_no,
      consultation_request_id: request.body.consultation_request_id ?? null,
    });
    if (overridden.length > 0) {
      await audit(request, 'recipe.override', `recipe:${written.id}`, {
        recipe_no: written.recipe_no,
        warnings: overridden.map((w) => ({
          code: w.code,
          items: w.items,
          message: w.message,
          reason: w.override_reason,
        })),
      });
    }
    return ok(written, '处方已开具，等待药师审方');
  });

  route(app, c.void, async (request) => {
    const result = await service.void(request.doctorId!, request.params.id);
    await audit(request, 'recipe.void', `recipe:${result.id}`, { recipe_no: result.recipe_no });
    return ok(result, '处方已作废');
  });

  route(app, c.consultation, async (request) => ok(await service.consultation(request.doctorId!, request.params.id)));

  route(app, c.products, async (request) => ok(await service.products(request.query)));

  route(app, c.profile, async (request) => ok(await service.profile(request.doctorId!)));

  route(app, c.updateProfile, async (request) => {
    const result = await service.updateProfile(request.doctorId!, request.body);
    await audit(request, 'doctor.profile', `doctor:${result.id}`, { signature_url: result.signature_url });
    return ok(result, '已保存');
  });

  route(app, c.commonDiagnoses, async (request) =>
    ok(await service.commonDiagnoses(request.doctorId!, request.params.doctor_id)),
  );

  route(app, c.addCommonDiagnose, async (request) =>
    ok(await service.addCommonDiagnose(request.doctorId!, request.params.doctor_id, request.body.text), '已添加'),
  );

  route(app, c.removeCommonDiagnose, async (request) => {
    await service.removeCommonDiagnose(request.doctorId!, request.params.doctor_id, request.params.id);
    return ok(null, '已删除');
  });
}
