import { z } from 'zod';
import { defineContracts, fileField } from '../common/contract';
import { uploadKeyParamsSchema, uploadResultSchema } from './upload.schema';

/** Spec §7 "upload: post": the generic upload (staff only, checked in the handler) and reading a stored file. */
export const uploadContracts = defineContracts('upload', {
  upload: {
    method: 'POST',
    path: '/upload',
    multipart: true,
    access: { signedIn: true },
    summary: '上传文件（图片 png/jpg/webp/gif、PDF、xlsx、csv；按内容识别类型，最大 10 MB）',
    body: z.object({
      file: fileField(),
      // the console sends the spec's folder hint; files are stored under random names whatever it says
      folder: z.string().max(100).optional(),
    }),
    response: uploadResultSchema,
  },
  // random 24-character names: the link is the capability (images are shown by <img>, which sends no Auth header)
  file: {
    method: 'GET',
    path: '/upload/:key',
    kind: 'file',
    access: { public: true },
    summary: '读取上传的文件',
    params: uploadKeyParamsSchema,
  },
});
