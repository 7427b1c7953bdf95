import { z } from 'zod';

/** The kinds of file the upload endpoint keeps (recognised by content, not by name). */
export const uploadTypes = ['png', 'jpg', 'webp', 'gif', 'pdf', 'xlsx', 'csv'] as const;
export type UploadType = (typeof uploadTypes)[number];

/** A stored upload's name: 24 random URL-safe characters and its type; the link is the capability. */
export const uploadKeyPattern = /^[A-Za-z0-9_-]{24}\.(png|jpg|webp|gif|pdf|xlsx|csv)$/;
/** What the file route serves: the upload endpoint's names and the live materials' office documents (docs/live.md). */
export const servedUploadKeyPattern = /^[A-Za-z0-9_-]{24}\.(png|jpg|webp|gif|pdf|xlsx|csv|doc|docx|ppt|pptx|xls)$/;
export const uploadKeyParamsSchema = z.object({
  key: z.string().regex(servedUploadKeyPattern, { error: '文件地址不正确' }),
});

/** Where the file can be read (`/api/v1/upload/<key>`), its recognised type and its size in bytes. */
export const uploadResultSchema = z.object({ url: z.string(), type: z.enum(uploadTypes), size: z.number().int() });
export type UploadResult = z.output<typeof uploadResultSchema>;
