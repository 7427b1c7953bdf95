import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';

/**
 * The WeChat mini-program code service behind one interface (issue 16, docs/marketing.md). A provider turns a path
 * of the patient area (`/patient/invite?scene=…` or `?staff=…`, see patientLinks) into a PNG code. The built-in
 * provider encodes `<origin><path>` as a plain QR code, so the code opens the product's own landing page; a WeChat
 * provider (wxacode.getUnlimited with the scene) would implement the same interface.
 */
export interface MiniProgramCodeProvider {
  name: string;
  /** A PNG image of the code for `scenePath` (a path of the patient area, with its query). */
  code(scenePath: string, origin: string): Promise<Buffer>;
}

/** The built-in provider: a QR code (PNG, 360 px, error correction M) of the absolute link. */
export const qrLinkCodeProvider: MiniProgramCodeProvider = {
  name: 'qr-link',
  code(scenePath, origin) {
    return QRCode.toBuffer(`${origin}${scenePath}`, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
  },
};

/**
 * The product's public origin as the caller reached it: `<protocol>://<host>` of the request (behind a proxy,
 * TRUST_PROXY makes Fastify read X-Forwarded-Proto / -Host). The console and the codes it prints then always agree.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.host || 'localhost';
  return `${request.protocol}://${host}`;
}
