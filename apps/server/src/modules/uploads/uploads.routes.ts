import { randomBytes } from 'node:crypto';
import { ErrorCode, okEnvelope } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { audit } from '../../plugins/audit';
import { allowedUploads, sniffUpload, type UploadExt } from './sniff';
import type { FileStorage } from './storage';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const keyPattern = /^[A-Za-z0-9_-]{24}\.(png|jpg|webp|gif|pdf|xlsx|csv)$/;
const staffRoles = new Set(['shop', 'pharmacy_admin', 'manager', 'customer_service', 'pharmacist', 'doctor', 'admin']);

export async function uploadRoutes(app: FastifyInstance, { storage }: { storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/upload',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['upload'],
        security: [{ session: [] }],
        summary: '上传文件（图片 png/jpg/webp/gif、PDF、xlsx、csv；按内容识别类型，最大 10 MB）',
        consumes: ['multipart/form-data'],
        body: z.object({ file: z.string().meta({ format: 'binary' }) }).nullish(),
        response: { 200: okEnvelope(z.object({ url: z.string(), type: z.string(), size: z.number().int() })) },
      },
    },
    async (request) => {
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
      return {
        code: 0 as const,
        msg: '上传成功',
        data: { url: `/api/v1/upload/${key}`, type: ext, size: data.length },
      };
    },
  );

  // random 24-character names: the link is the capability (images are shown by <img>, which sends no Auth header)
  r.get(
    '/upload/:key',
    {
      config: { access: { public: true } },
      schema: { tags: ['upload'], summary: '读取上传的文件', params: z.object({ key: z.string().regex(keyPattern) }) },
    },
    async (request, reply) => {
      const { key } = request.params;
      const file = await storage.get(key);
      if (!file) throw AppError.notFound('文件不存在', 'No such upload');
      const ext = key.split('.').pop() as UploadExt;
      const image = ['png', 'jpg', 'webp', 'gif'].includes(ext);
      return reply
        .type(allowedUploads[ext])
        .header('content-length', file.size)
        .header('content-disposition', image ? 'inline' : `attachment; filename="${key}"`)
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(file.stream);
    },
  );
}
