import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineContracts } from '@pharmacy/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callApi, configureHttp, resetHttpConfig } from './http';
import { ApiError } from './http-errors';
import { useSessionStore } from './session-store';
import { testPharmacy, testUser } from './testing/fixtures';

/** An upload endpoint as the imports declare theirs. */
const t = defineContracts('test', {
  preview: {
    method: 'POST',
    path: '/pharmacy/quote/import/preview',
    access: { pharmacy: 'quote_manage' },
    summary: '',
    multipart: true,
    body: z.looseObject({}),
    response: z.looseObject({}),
  },
});

/** What the server saw of each request, and how it answers the next one. */
const seen: { method: string; headers: IncomingMessage['headers']; bytes: number }[] = [];
let reply: (res: ServerResponse) => void;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    // jsdom's XMLHttpRequest is cross-origin here (the page is not on this port): answer its preflight
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'POST');
    if (req.method === 'OPTIONS') return res.end();
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, bytes });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const toasts: string[] = [];
beforeEach(() => {
  seen.length = 0;
  toasts.length = 0;
  configureHttp({ baseURL: base, toastError: (text) => toasts.push(text), log: () => undefined });
  useSessionStore.getState().setSession('session-token', testUser());
  useSessionStore.getState().setCurrentPharmacy(testPharmacy(12, '仁心大药房(上海浦东店)'));
});
afterEach(() => {
  resetHttpConfig();
  useSessionStore.getState().clear();
});

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('uploads with progress (callApi … { onUploadProgress })', () => {
  it('sends the form with the console headers, reports the share sent, and answers the envelope data', async () => {
    reply = json(200, { code: 0, msg: 'ok', data: { upload_id: 'u1' } });
    const progress = vi.fn();
    const file = new File([new Uint8Array(256 * 1024).fill(65)], '报价.xlsx');
    const data = await callApi(t.preview, { file }, { onUploadProgress: progress });
    expect(data).toEqual({ upload_id: 'u1' });
    const [request] = seen;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.auth).toBe('session-token');
    expect(request.headers.pharmacyid).toBe('12');
    expect(request.bytes).toBeGreaterThan(256 * 1024);
    // the shares only grow, and the last one is all of it
    const shares = progress.mock.calls.map(([share]) => share as number);
    expect(shares.length).toBeGreaterThan(0);
    expect([...shares].sort((a, b) => a - b)).toEqual(shares);
    expect(shares.at(-1)).toBe(1);
  });

  it('a refusal goes through the same failure catalogue as any call: ApiError with the Chinese msg', async () => {
    reply = json(415, { code: 415000, msg: '文件类型不支持或与内容不符，请上传 .xlsx 或 .csv 文件', data: null });
    const failed = callApi(t.preview, { file: new File(['x'], 'a.xlsx') }, { onUploadProgress: () => undefined });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({
      httpCode: 415,
      msg: '文件类型不支持或与内容不符，请上传 .xlsx 或 .csv 文件',
    });
    expect(toasts).toEqual(['文件类型不支持或与内容不符，请上传 .xlsx 或 .csv 文件']);
  });
});
