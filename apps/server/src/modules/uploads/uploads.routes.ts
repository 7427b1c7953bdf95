import { randomBytes } from 'node:crypto';
import { uploadContracts as c, ErrorCode } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ok, route } from '../../lib/route';
import type { FileStorage } from '../../lib/storage';
import { servedUploadType, sniffUpload } from '../../lib/upload-sniff';
import { audit } from '../../plugins/audit';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const staffRoles = new Set(['shop', 'pharmacy_admin', 'manager', 'customer_service', 'pharmacist', 'doctor', 'admin']);

export async function uploadRoutes(app: FastifyInstance, { storage }: { storage: FileStorage }) {
  route(app, c.upload, async (request) => {
    if (!request.user!.roles.some((role) => staffRoles.has(role))) {
      throw AppError.forbidden('仅工作人员可以上传文件', 'Uploads are for staff accounts');
    }
    if (!request.isMultipart()) throw AppError.badParams('file', '请选择文件', 'Expected multipart/form-data');
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part) throw AppError.badParams('file', '请选择文件', 'No file part');
    const data = await part.toBuffer();
    const ext = await sniffUpload(part.filename, data);
    if (!ext) {
      throw new AppError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA,
        '文件类型不支持或与内容不符，请上传 png/jpg/webp/gif/pdf/xlsx/csv 文件',
        'File type not allowed or content does not match its name',
      );
    }
    const key = `${randomBytes(18).toString('base64url')}.${ext}`;
    await storage.put(key, data);
    await audit(request, 'upload.create', `upload:${key}`, { name: part.filename.slice(0, 200), size: data.length });
    return ok({ url: `/api/v1/upload/${key}`, type: ext, size: data.length }, '上传成功');
  });

  // random 24-character names (uploadKeyPattern): the link is the capability (images are shown by <img>, which sends
  // no Auth header)
  route(app, c.file, async (request, reply) => {
    const { key } = request.params;
    const file = await storage.get(key);
    if (!file) throw AppError.notFound('文件不存在', 'No such upload');
    const ext = key.split('.').pop() ?? '';
    const image = ['png', 'jpg', 'webp', 'gif'].includes(ext);
    return reply
      .type(servedUploadType(ext) ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', image ? 'inline' : `attachment; filename="${key}"`)
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(file.stream);
  });
}
