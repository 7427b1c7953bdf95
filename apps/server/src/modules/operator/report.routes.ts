import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { reportContracts as c, ErrorCode } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { sniffImage } from '../../lib/upload-sniff';
import { audit } from '../../plugins/audit';
import { ReportRepository } from './report.repository';
import { ReportService } from './report.service';

/** A complaint image: at most 5 MB, jpg / png / webp. */
export const REPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const tooLarge = (err: unknown) => {
  const e = err as { code?: string; statusCode?: number };
  return e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413;
};

/**
 * reportContracts (issue 17): the operator's complaints (`report`: list, detail, process, reject) and the patient's
 * (signed in: my complaints, what I may complain about, submit, upload an image).
 */
export async function reportRoutes(app: FastifyInstance, { storage }: ModuleContext) {
  const service = new ReportService(new ReportRepository(app.db), storage);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: REPORT_IMAGE_MAX_BYTES, files: 1, fields: 5 } });
  }

  route(app, c.adminList, async (request) => ok(await service.list(request.query)));

  route(app, c.adminDetail, async (request) => ok(await service.detail(request.params.id)));

  // the audit rows of decisions are written in the decision's transaction (report.service.ts)
  route(app, c.process, async (request) => {
    const actor = { accountId: request.user!.accountId, ip: request.ip ?? '' };
    return ok(await service.decide(request.params.id, 'processed', request.body.result, actor), '已处理');
  });

  route(app, c.reject, async (request) => {
    const actor = { accountId: request.user!.accountId, ip: request.ip ?? '' };
    return ok(await service.decide(request.params.id, 'rejected', request.body.reason, actor), '已驳回');
  });

  route(app, c.mine, async (request) => ok(await service.mine(request.user!.accountId, request.query)));

  route(app, c.targets, async (request) => ok(await service.targets(request.user!.accountId, request.query.kind)));

  route(app, c.create, async (request) => {
    const report = await service.create(request.user!.accountId, request.user!.phone, request.body);
    await audit(request, 'report.create', `report:${report.id}`, {
      target_kind: report.target_kind,
      target_id: report.target_id,
    });
    return ok(report, '投诉已提交');
  });

  route(app, c.upload, async (request) => {
    if (!request.isMultipart()) throw AppError.badParams('file', '请选择图片', 'Expected multipart/form-data');
    let data: Buffer;
    let filename = '';
    try {
      const part = await request.file({ limits: { fileSize: REPORT_IMAGE_MAX_BYTES, files: 1 } });
      if (!part) throw AppError.badParams('file', '请选择图片', 'No file part');
      filename = part.filename;
      data = await part.toBuffer();
    } catch (err) {
      if (tooLarge(err)) {
        throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, '图片不能超过 5MB', 'Report image over 5 MB');
      }
      throw err;
    }
    const ext = await sniffImage(filename, data);
    if (!ext) {
      throw new AppError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA,
        '请上传 jpg/png/webp 格式的图片',
        'Only jpg, png and webp images are accepted',
      );
    }
    const name = `${randomBytes(18).toString('base64url')}.${ext}`;
    await storage.put(name, data);
    await audit(request, 'report.upload', `upload:${name}`, { size: data.length });
    return ok({ url: `/api/v1/upload/${name}` }, '上传成功');
  });
}
