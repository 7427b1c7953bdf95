import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { consultationContracts as c, ErrorCode } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { sniffImage } from '../../lib/upload-sniff';
import { audit } from '../../plugins/audit';
import { ConsultationRepository } from './consultation.repository';
import { ConsultationService } from './consultation.service';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The consultation part of the clinical module (docs/clinical.md "Consultation requests"). */
export async function consultationRoutes(app: FastifyInstance, { storage }: ModuleContext) {
  const service = new ConsultationService(new ConsultationRepository(app.db));
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
  }

  route(app, c.list, async (request) => ok(await service.list(request.doctorId!, request.query)));

  route(app, c.patients, async (request) => ok(await service.lookupPatient(request.query.phone)));

  route(app, c.create, async (request) => {
    const id = await service.create(request.doctorId!, request.user!.accountId, request.body);
    await audit(request, 'consultation.create', `consultation_request:${id}`, {
      pharmacy_id: request.body.pharmacy_id,
      family_member_id: request.body.family_member_id,
    });
    return ok({ id }, '已添加问诊需求');
  });

  route(app, c.mine, async (request) =>
    ok(await service.mine(request.user!.accountId, request.query.page, request.query.page_size)),
  );

  route(app, c.updateMine, async (request) =>
    ok(await service.updateMine(request.user!.accountId, request.params.id, request.body), '已保存'),
  );

  // The patient's photo of a prescription or a medical record (the staff-only /upload is not open to patients):
  // stored like an upload, under a random name, and appended to the request while it is pending.
  route(app, c.uploadMine, async (request) => {
    const accountId = request.user!.accountId;
    const id = request.params.id;
    if (!request.isMultipart()) throw AppError.badParams('file', '请选择图片', 'Expected multipart/form-data');
    const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    if (!part) throw AppError.badParams('file', '请选择图片', 'No file part');
    const data = await part.toBuffer();
    const ext = await sniffImage(part.filename, data);
    if (!ext) {
      throw new AppError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA,
        '请上传 png/jpg/webp 格式的图片',
        'Only png, jpg and webp images are accepted',
      );
    }
    await service.assertEditable(accountId, id);
    const key = `${randomBytes(18).toString('base64url')}.${ext}`;
    await storage.put(key, data);
    const mine = await service.updateMine(accountId, id, { appendImage: `/api/v1/upload/${key}` });
    await audit(request, 'consultation.image', `consultation_request:${id}`, { key, size: data.length });
    return ok(mine, '上传成功');
  });

  route(app, c.get, async (request) => ok(await service.detail(request.doctorId!, request.params.id)));

  route(app, c.approve, async (request) => {
    const decision = await service.approve(request.doctorId!, request.params.id);
    await audit(request, 'consultation.approve', `consultation_request:${request.params.id}`);
    return ok(decision, '已接诊');
  });

  route(app, c.reject, async (request) => {
    const decision = await service.reject(request.doctorId!, request.params.id, request.body.reason);
    await audit(request, 'consultation.reject', `consultation_request:${request.params.id}`, {
      reason: request.body.reason,
      order_status: decision.order_status,
    });
    return ok(decision, '已拒绝');
  });
}
