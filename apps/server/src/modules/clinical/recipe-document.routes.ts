import { recipeDocumentContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { attachment } from '../../lib/spreadsheet-import/workbook';
import { RecipeDocumentRepository } from './recipe-document.repository';
import { RecipeDocumentService } from './recipe-document.service';

/** The printable prescription (PDF) and the doctor's statistics (docs/clinical.md). */
export async function recipeDocumentRoutes(app: FastifyInstance, { storage }: ModuleContext) {
  const service = new RecipeDocumentService(new RecipeDocumentRepository(app.db), storage);

  const sendPdf = (reply: Parameters<Parameters<typeof route>[2]>[1], pdf: Buffer, fileName: string) =>
    reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(fileName))
      .header('Cache-Control', 'no-store')
      .send(pdf);

  route(app, c.doctorPdf, async (request, reply) => {
    const { pdf, fileName } = await service.pdf(request.params.id, { doctorId: request.doctorId! });
    return sendPdf(reply, pdf, fileName);
  });

  route(app, c.pharmacistPdf, async (request, reply) => {
    const { pdf, fileName } = await service.pdf(request.params.id, { pharmacyId: request.pharmacyId! });
    return sendPdf(reply, pdf, fileName);
  });

  route(app, c.statistics, async (request) => ok(await service.statistics(request.doctorId!, request.query)));
}
