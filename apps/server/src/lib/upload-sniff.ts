import { fileTypeFromBuffer } from 'file-type';

/** What the console may upload: images, PDF, and the spreadsheets of product imports. */
export const allowedUploads = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
export type UploadExt = keyof typeof allowedUploads;

const aliases: Record<string, UploadExt> = { jpeg: 'jpg' };

export const extOfName = (name: string): string => {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return aliases[ext] ?? ext;
};

/** Plain text a spreadsheet program reads as CSV: no NUL bytes and no binary signature. */
const looksLikeText = (data: Buffer) => !data.subarray(0, 64 * 1024).includes(0);

/**
 * The type of an upload, from its content and its name together: the name's extension must be allowed and the
 * content must be what the extension says (by magic bytes; CSV by being text with no binary signature).
 */
export async function sniffUpload(filename: string, data: Buffer): Promise<UploadExt | null> {
  const ext = extOfName(filename);
  if (!(ext in allowedUploads)) return null;
  const detected = await fileTypeFromBuffer(data);
  if (ext === 'csv') return !detected && looksLikeText(data) ? 'csv' : null;
  const found = detected ? (aliases[detected.ext] ?? detected.ext) : null;
  return found === ext ? ext : null;
}

/** The photos patients and staff attach (chat, consultation requests). */
export type ImageExt = 'png' | 'jpg' | 'webp';
const imageExts: readonly string[] = ['png', 'jpg', 'webp'];

/** An image upload's type when its name says png / jpg / webp and its content is that; else null. */
export async function sniffImage(filename: string, data: Buffer): Promise<ImageExt | null> {
  const ext = await sniffUpload(filename, data);
  return ext && imageExts.includes(ext) ? (ext as ImageExt) : null;
}

/**
 * A live's materials (课件资料, docs/live.md): PDF, Word, PowerPoint, Excel and images. Stored under an upload name
 * and served by the uploads module's file route with these types.
 */
export const materialUploads = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type MaterialExt = keyof typeof materialUploads;

/** The legacy Office formats are Compound File Binary containers: their content says 'cfb', the name says which. */
const cfbExts: readonly string[] = ['doc', 'ppt', 'xls'];

/** A material's type when its name's extension is allowed and its content is that type; else null. */
export async function sniffMaterial(filename: string, data: Buffer): Promise<MaterialExt | null> {
  const ext = extOfName(filename);
  if (!(ext in materialUploads)) return null;
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return null;
  if (cfbExts.includes(ext)) return detected.ext === 'cfb' ? (ext as MaterialExt) : null;
  return (aliases[detected.ext] ?? detected.ext) === ext ? (ext as MaterialExt) : null;
}

/** The content type the file route sends for a stored name's extension. */
export const servedUploadType = (ext: string): string | undefined =>
  (allowedUploads as Record<string, string>)[ext] ?? (materialUploads as Record<string, string>)[ext];
