import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Contract, DEFAULT_WXAPP, defineContracts } from '@pharmacy/shared';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  callApi,
  configureHttp,
  fillPath,
  type HttpHandlers,
  resetHttpConfig,
  tryCallApi,
  uploadPrescriptionImage,
} from './http';
import { ApiError, catalogueAction, downloadFileName, fileNameFromDisposition } from './http-errors';
import { useSessionStore } from './session-store';
import { testUser } from './testing/fixtures';

/** Endpoints of the shapes the client must handle; loose schemas, since the client only reads the declaration. */
const any = z.looseObject({});
const t = defineContracts('test', {
  unreadCount: {
    method: 'GET',
    path: '/message/unread_count',
    access: { signedIn: true },
    summary: '',
    response: z.object({ count: z.number() }),
  },
  list: { method: 'GET', path: '/message/list', access: { signedIn: true }, summary: '', query: any },
  read: { method: 'PUT', path: '/message/read', access: { signedIn: true }, summary: '', body: any },
  remove: {
    method: 'DELETE',
    path: '/message/:id',
    access: { signedIn: true },
    summary: '',
    params: z.looseObject({ id: z.number().optional() }),
  },
  send: { method: 'POST', path: '/message', access: { admin: null }, summary: '', body: any },
  login: { method: 'POST', path: '/user/admin/login', access: { public: true }, summary: '', body: any },
  qrCreate: { method: 'POST', path: '/user/login/qrcode', access: { public: true }, summary: '' },
  qrStatus: {
    method: 'GET',
    path: '/user/login/qrcode/:qr_id',
    access: { public: true },
    summary: '',
    params: z.object({ qr_id: z.string() }),
  },
  captcha: { method: 'GET', path: '/admin/captcha', access: { public: true }, summary: '' },
  patchThing: {
    method: 'PATCH',
    path: '/thing/:id',
    access: { signedIn: true },
    summary: '',
    params: z.object({ id: z.number() }),
    body: any,
  },
  patchX: { method: 'PATCH', path: '/x', access: { signedIn: true }, summary: '', body: any },
  files: { method: 'POST', path: '/files', access: { signedIn: true }, summary: '', multipart: true, body: any },
  exportOrders: {
    method: 'GET',
    path: '/orders/export',
    access: { signedIn: true },
    summary: '',
    kind: 'file',
    query: any,
  },
});

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}
interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

let server: Server;
let baseURL = '';
let seen: Seen[] = [];
let respond: (req: Seen, index: number) => Reply = () => ({ body: { code: 0, msg: 'ok', data: null } });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Seen = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://test'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      };
      seen.push(entry);
      const reply = respond(entry, seen.length - 1);
      const headers = { 'content-type': 'application/json; charset=utf-8', ...reply.headers };
      res.writeHead(reply.status ?? 200, headers);
      const body = reply.body;
      if (body instanceof Buffer || typeof body === 'string') res.end(body);
      else res.end(JSON.stringify(body ?? { code: 0, msg: 'ok', data: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const user = testUser();

let h: {
  toastError: ReturnType<typeof vi.fn<HttpHandlers['toastError']>>;
  confirm: ReturnType<typeof vi.fn<HttpHandlers['confirm']>>;
  navigate: ReturnType<typeof vi.fn<HttpHandlers['navigate']>>;
  log: ReturnType<typeof vi.fn<HttpHandlers['log']>>;
  saveFile: ReturnType<typeof vi.fn<HttpHandlers['saveFile']>>;
  clearSession: ReturnType<typeof vi.fn<HttpHandlers['clearSession']>>;
};

function signIn() {
  useSessionStore.getState().setSession('session-token-1', user);
  useSessionStore.getState().setCurrentPharmacy({
    id: 7,
    name: '仁心药房',
    logo_url: '',
    city: '上海',
    role: 'pharmacy_admin',
    permissions: ['all'],
  });
}

const fail = (status: number, code: number, msg: string | null, data: unknown = null): Reply => ({
  status,
  body: { code, msg: msg ?? '', message: 'detail', data },
});

beforeEach(() => {
  seen = [];
  respond = () => ({ body: { code: 0, msg: 'ok', data: null } });
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  localStorage.clear();
  h = {
    toastError: vi.fn(),
    confirm: vi.fn(),
    navigate: vi.fn(),
    log: vi.fn(),
    saveFile: vi.fn(),
    clearSession: vi.fn(),
  };
  configureHttp({ ...h, baseURL, retryDelayMs: 0, currentPath: () => '/message?page=2' });
});

afterEach(() => {
  resetHttpConfig();
  vi.unstubAllGlobals();
});

/**
 * jsdom's FormData/Blob/File are not the ones Node's fetch can encode (a browser has one set); multipart tests
 * put Node's in place so the real encoder runs and the server sees what a browser would send.
 */
async function nodeFormDataClass(): Promise<typeof FormData> {
  const probe = await new Response('a=1', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData();
  return probe.constructor as typeof FormData;
}
let NodeFormData: typeof FormData;
beforeAll(async () => {
  NodeFormData = await nodeFormDataClass();
});
function useNodeFormData() {
  vi.stubGlobal('FormData', NodeFormData);
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
}

async function failureOf(contract: Contract, payload?: Record<string, unknown>) {
  const result = await tryCallApi(contract, payload as never);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('requests', () => {
  it('sends Auth, wxapp (default) and pharmacyid on every call', async () => {
    signIn();
    await callApi(t.unreadCount);
    await callApi(t.login, { phone: '13800000002', password: 'x' });
    expect(seen).toHaveLength(2);
    for (const req of seen) {
      expect(req.headers.auth).toBe('session-token-1');
      expect(req.headers.wxapp).toBe(DEFAULT_WXAPP);
      expect(req.headers.pharmacyid).toBe('7');
    }
  });

  it('takes wxapp from localStorage when one is stored', async () => {
    localStorage.setItem('wxapp', 'wx-custom');
    await callApi(t.qrCreate);
    expect(seen[0].headers.wxapp).toBe('wx-custom');
    expect(seen[0].headers.auth).toBeUndefined();
    expect(seen[0].headers.pharmacyid).toBeUndefined();
  });

  it('reads the session persisted under user-store before the shell hydrates it', async () => {
    signIn();
    await useSessionStore.persist.rehydrate();
    expect(JSON.parse(localStorage.getItem('user-store') ?? '{}').state.token).toBe('session-token-1');
    await callApi(t.unreadCount);
    expect(seen[0].headers.auth).toBe('session-token-1');
  });

  it('resolves to the envelope data', async () => {
    signIn();
    respond = () => ({ body: { code: 0, msg: 'ok', data: { count: 4 } } });
    await expect(callApi(t.unreadCount)).resolves.toEqual({ count: 4 });
  });

  it('fills :x path parameters from the payload and removes them from it', async () => {
    signIn();
    await callApi(t.remove, { id: 42, reason: 'old' });
    expect(seen[0].method).toBe('DELETE');
    expect(seen[0].url.pathname).toBe('/api/v1/message/42');
    expect(seen[0].url.searchParams.get('reason')).toBe('old');
    expect(seen[0].url.searchParams.has('id')).toBe(false);
    await callApi(t.qrStatus, { qr_id: 'a b/c' });
    expect(seen[1].url.pathname).toBe('/api/v1/user/login/qrcode/a%20b%2Fc');
  });

  it('refuses a call whose path parameter is missing', async () => {
    signIn();
    await expect(callApi(t.remove, {})).rejects.toThrow('Missing path parameter :id');
    expect(seen).toHaveLength(0);
    expect(fillPath('/a/:x/b/:y', { x: 1, y: 'z', k: 2 })).toEqual({ path: '/a/1/b/z', rest: { k: 2 } });
  });

  it('sends GET payloads as query parameters, leaving out empty values', async () => {
    signIn();
    await callApi(t.list, { page: 2, page_size: 20, state: 'unread', kind: undefined, x: null });
    expect(seen[0].method).toBe('GET');
    expect(Object.fromEntries(seen[0].url.searchParams)).toEqual({ page: '2', page_size: '20', state: 'unread' });
    expect(seen[0].body).toBe('');
  });

  it('sends POST and PUT payloads as JSON', async () => {
    signIn();
    await callApi(t.read, { ids: [1, 2] });
    expect(seen[0].method).toBe('PUT');
    expect(seen[0].headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ ids: [1, 2] });
    await callApi(t.login, { phone: '13800000002', password: '秘密' });
    expect(seen[1].method).toBe('POST');
    expect(JSON.parse(Buffer.from(seen[1].body, 'latin1').toString('utf8'))).toEqual({
      phone: '13800000002',
      password: '秘密',
    });
    expect(seen[1].url.search).toBe('');
  });

  it('sends PATCH payloads as JSON', async () => {
    signIn();
    await callApi(t.patchThing, { id: 3, name: 'n' });
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].url.pathname).toBe('/api/v1/thing/3');
    expect(JSON.parse(seen[0].body)).toEqual({ name: 'n' });
  });

  it('sends multipart form data when the payload holds files', async () => {
    useNodeFormData();
    signIn();
    const file = new NodeFile(['hello'], 'note.txt', { type: 'text/plain' });
    await callApi(t.files, { file, folder: 'docs', tags: ['a', 'b'], count: 3 });
    const req = seen[0];
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.body).toContain('name="file"; filename="note.txt"');
    expect(req.body).toContain('hello');
    expect(req.body).toMatch(/name="folder"\r\n\r\ndocs\r\n/);
    expect(req.body).toMatch(/name="tags"\r\n\r\n\["a","b"\]\r\n/);
    expect(req.body).toMatch(/name="count"\r\n\r\n3\r\n/);
  });

  it('uploads a prescription image as prescription.png with a folder field', async () => {
    useNodeFormData();
    signIn();
    respond = () => ({ body: { code: 0, msg: 'ok', data: { url: '/uploads/p/1.png' } } });
    const png = new NodeBlob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }) as unknown as Blob;
    await expect(uploadPrescriptionImage(png, 'recipe/2024')).resolves.toEqual({ url: '/uploads/p/1.png' });
    const req = seen[0];
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/api/v1/upload');
    expect(req.body).toContain('name="file"; filename="prescription.png"');
    expect(req.body).toContain('Content-Type: image/png');
    expect(req.body).toMatch(/name="folder"\r\n\r\nrecipe\/2024\r\n/);
  });
});

describe('downloads', () => {
  it('saves the blob under the RFC 5987 file name of Content-Disposition', async () => {
    signIn();
    respond = () => ({
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="orders.xlsx"; filename*=UTF-8''${encodeURIComponent('订单导出.xlsx')}`,
      },
      body: Buffer.from('PK-sheet'),
    });
    const blob = await callApi(t.exportOrders, { status: 'paid' });
    expect(await blob.text()).toBe('PK-sheet');
    expect(seen[0].url.searchParams.get('status')).toBe('paid');
    expect(h.saveFile).toHaveBeenCalledTimes(1);
    expect(h.saveFile.mock.calls[0][1]).toBe('订单导出.xlsx');
  });

  it('names a spreadsheet without a file name .xls', async () => {
    signIn();
    respond = () => ({ headers: { 'content-type': 'application/vnd.ms-excel' }, body: Buffer.from('x') });
    await callApi(t.exportOrders);
    expect(h.saveFile.mock.calls[0][1]).toBe('导出数据.xls');
  });

  it('returns the blob without saving when asked', async () => {
    signIn();
    respond = () => ({ headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF') });
    const blob = await callApi(t.exportOrders, {}, { save: false });
    expect(blob.size).toBe(4);
    expect(h.saveFile).not.toHaveBeenCalled();
  });

  it('reads a JSON failure of a download endpoint through the catalogue', async () => {
    signIn();
    respond = () => fail(404, 404000, '没有可导出的数据');
    await expect(callApi(t.exportOrders)).rejects.toMatchObject({ httpCode: 404, msg: '没有可导出的数据' });
    expect(h.toastError).toHaveBeenCalledWith('没有可导出的数据');
  });

  it("reports a streamed download's progress (rows announced, bytes received) and still saves the file", async () => {
    signIn();
    const body = Buffer.alloc(200_000, 7);
    respond = () => ({
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('订单导出-20261124.xls')}`,
        'x-total-count': '1234',
      },
      body,
    });
    const seenProgress: { bytes: number; rows: number | null }[] = [];
    const blob = await callApi(t.exportOrders, {}, { onDownloadProgress: (p) => seenProgress.push(p) });
    expect(blob.size).toBe(body.length);
    expect(seenProgress[0]).toEqual({ bytes: 0, rows: 1234 });
    expect(seenProgress.at(-1)).toEqual({ bytes: body.length, rows: 1234 });
    expect(seenProgress.every((p, i) => i === 0 || p.bytes >= seenProgress[i - 1]!.bytes)).toBe(true);
    expect(h.saveFile.mock.calls[0][1]).toBe('订单导出-20261124.xls');
  });

  it('reads a JSON failure of a streamed download through the catalogue', async () => {
    signIn();
    respond = () => fail(400, 400111, '导出结果超过上限，请缩小筛选范围');
    await expect(callApi(t.exportOrders, {}, { onDownloadProgress: () => undefined })).rejects.toMatchObject({
      httpCode: 400,
      msg: '导出结果超过上限，请缩小筛选范围',
    });
    expect(h.saveFile).not.toHaveBeenCalled();
  });

  it('parses file names from Content-Disposition', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E8%B4%A2%E5%8A%A1.xls`)).toBe('财务.xls');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8''a%20b.csv; filename="fallback.csv"`)).toBe('a b.csv');
    expect(fileNameFromDisposition(`attachment; filename*=iso-8859-1'en'caf%E9.txt`)).toBe('café.txt');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(downloadFileName('attachment; filename="report"', 'application/vnd.ms-excel')).toBe('report.xls');
    expect(downloadFileName('attachment; filename="../../etc/x.pdf"', 'application/pdf')).toBe('.._.._etc_x.pdf');
    expect(downloadFileName(null, 'application/octet-stream')).toBe('download');
  });
});

describe('retries (spec §7)', () => {
  const retried = [408, 409, 425, 429, 500, 502, 503, 504];

  it.each(retried)('retries a GET once on %i', async (status) => {
    signIn();
    respond = () => fail(status, 500000, null);
    await tryCallApi(t.unreadCount);
    expect(seen).toHaveLength(2);
  });

  it('returns the retried GET when the second attempt succeeds', async () => {
    signIn();
    respond = (_req, i) => (i === 0 ? fail(503, 500000, null) : { body: { code: 0, msg: 'ok', data: { count: 1 } } });
    await expect(callApi(t.unreadCount)).resolves.toEqual({ count: 1 });
    expect(seen).toHaveLength(2);
    expect(h.toastError).not.toHaveBeenCalled();
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET on %i', async (status) => {
    signIn();
    respond = () => fail(status, status * 1000, null);
    await tryCallApi(t.unreadCount);
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['POST', t.send],
    ['PUT', t.read],
    ['DELETE', t.remove],
  ] as const)('never retries %s', async (_method, name) => {
    signIn();
    respond = () => fail(503, 500000, null);
    await tryCallApi(name, { id: 1, ids: [1], phone: '13800000001', title: 't', content: 'c' });
    expect(seen).toHaveLength(1);
  });

  it('never retries PATCH', async () => {
    signIn();
    respond = () => fail(503, 500000, null);
    await expect(callApi(t.patchX, { a: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });
});

describe('error catalogue (spec §8)', () => {
  it('prompts before a login-required call without a token, and sends nothing', async () => {
    const failure = await failureOf(t.unreadCount);
    expect(seen).toHaveLength(0);
    expect(failure).toMatchObject({ httpCode: 401, msg: '请登陆后再使用此功能' });
    expect(h.confirm).toHaveBeenCalledTimes(1);
    expect(h.confirm.mock.calls[0][0].title).toBe('请登陆后再使用此功能');
    expect(h.toastError).not.toHaveBeenCalled();
    h.confirm.mock.calls[0][0].onOk();
    expect(h.clearSession).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/login?redirect=%2Fmessage%3Fpage%3D2');
  });

  it('does nothing on cancel of the login prompt, and asks again next time', async () => {
    await failureOf(t.unreadCount);
    h.confirm.mock.calls[0][0].onCancel();
    expect(h.navigate).not.toHaveBeenCalled();
    expect(h.clearSession).not.toHaveBeenCalled();
    await failureOf(t.unreadCount);
    expect(h.confirm).toHaveBeenCalledTimes(2);
  });

  it('calls public endpoints without a token and without a prompt', async () => {
    await callApi(t.captcha);
    expect(seen).toHaveLength(1);
    expect(h.confirm).not.toHaveBeenCalled();
  });

  it('401: token-expired prompt with the redirect, plus a toast of the server msg', async () => {
    signIn();
    respond = () => fail(401, 401000, '登录已失效');
    const failure = await failureOf(t.unreadCount);
    expect(failure).toEqual({
      httpCode: 401,
      message: 'detail',
      msg: '登录已失效',
      responseData: { code: 401000, msg: '登录已失效', message: 'detail', data: null },
    });
    expect(h.toastError).toHaveBeenCalledWith('登录已失效');
    expect(h.confirm.mock.calls[0][0].title).toBe('token 过期，请重新登陆！');
    h.confirm.mock.calls[0][0].onOk();
    expect(h.clearSession).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/login?redirect=%2Fmessage%3Fpage%3D2');
  });

  it('401 without a msg toasts 未授权，请登录, and a burst of 401s prompts once', async () => {
    signIn();
    respond = () => ({ status: 401, body: '' });
    await Promise.all([failureOf(t.unreadCount), failureOf(t.list)]);
    expect(h.toastError.mock.calls).toEqual([['未授权，请登录']]);
    expect(h.confirm).toHaveBeenCalledTimes(1);
  });

  it('400111: no toast; the failure comes back for the caller', async () => {
    respond = () => fail(400, 400111, '手机号或密码错误', { captcha_required: true });
    const failure = await failureOf(t.login, { phone: '13800000002', password: 'bad' });
    expect(failure).toEqual({
      httpCode: 400,
      message: 'detail',
      msg: '手机号或密码错误',
      responseData: { code: 400111, msg: '手机号或密码错误', message: 'detail', data: { captcha_required: true } },
    });
    expect(h.toastError).not.toHaveBeenCalled();
    expect(h.confirm).not.toHaveBeenCalled();
    const thrown = await callApi(t.login, {}).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe(400111);
    expect((thrown as ApiError).data).toEqual({ captcha_required: true });
  });

  it('400222: toast 登录号码与登记号码不一致', async () => {
    respond = () => fail(400, 400222, 'server words');
    await failureOf(t.login);
    expect(h.toastError).toHaveBeenCalledWith('登录号码与登记号码不一致');
  });

  it('400000: toast 请求参数错误： followed by the msg', async () => {
    respond = () => fail(400, 400000, '手机号格式不正确');
    await failureOf(t.login);
    expect(h.toastError).toHaveBeenCalledWith('请求参数错误：手机号格式不正确');
  });

  it('400 / 401103: only logged', async () => {
    signIn();
    respond = () => fail(400, 401103, '用户没有地址');
    const failure = await failureOf(t.list);
    expect(failure.httpCode).toBe(400);
    expect(h.toastError).not.toHaveBeenCalled();
    expect(h.confirm).not.toHaveBeenCalled();
    expect(h.log).toHaveBeenCalledTimes(1);
  });

  it('403001: toast of the msg, default 您不是被分享人', async () => {
    signIn();
    respond = () => fail(403, 403001, '该分享不属于您');
    await failureOf(t.list);
    respond = () => fail(403, 403001, null);
    await failureOf(t.list);
    expect(h.toastError.mock.calls).toEqual([['该分享不属于您'], ['您不是被分享人']]);
  });

  it('404: toast of the msg, default 请求的资源不存在', async () => {
    signIn();
    respond = () => fail(404, 404000, '消息不存在');
    await failureOf(t.remove, { id: 9 });
    respond = () => ({ status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>nope</h1>' });
    await failureOf(t.remove, { id: 9 });
    expect(h.toastError.mock.calls).toEqual([['消息不存在'], ['请求的资源不存在']]);
  });

  it('5xx: toast of the msg, default 服务器错误，请稍后再试', async () => {
    signIn();
    respond = () => fail(500, 500000, '数据库繁忙');
    await failureOf(t.read, { all: true });
    respond = () => ({ status: 502, body: '' });
    await failureOf(t.read, { all: true });
    respond = () => fail(501, 500000, null);
    await failureOf(t.read, { all: true });
    expect(h.toastError.mock.calls).toEqual([['数据库繁忙'], ['服务器错误，请稍后再试'], ['服务器错误，请稍后再试']]);
  });

  it('other failures: toast of the msg, default 请求错误', async () => {
    signIn();
    respond = () => fail(429, 429000, '操作过于频繁，请稍后再试');
    await failureOf(t.read, { all: true });
    respond = () => fail(403, 403000, null);
    await failureOf(t.read, { all: true });
    respond = () => fail(400, 400999, null);
    await failureOf(t.read, { all: true });
    respond = () => ({ status: 200, body: { code: 409000, msg: '', message: '', data: null } });
    const failure = await failureOf(t.read, { all: true });
    expect(failure.httpCode).toBe(200);
    expect(h.toastError.mock.calls).toEqual([['操作过于频繁，请稍后再试'], ['请求错误'], ['请求错误'], ['请求错误']]);
  });

  it('a network failure toasts 请求错误 with httpCode 0', async () => {
    signIn();
    configureHttp({ baseURL: 'http://127.0.0.1:1' });
    const failure = await failureOf(t.read, { all: true });
    expect(failure.httpCode).toBe(0);
    expect(h.toastError).toHaveBeenCalledWith('请求错误');
  });

  it('an aborted call rejects without a toast', async () => {
    signIn();
    const controller = new AbortController();
    controller.abort();
    await expect(callApi(t.list, {}, { signal: controller.signal })).rejects.not.toBeInstanceOf(ApiError);
    expect(h.toastError).not.toHaveBeenCalled();
  });

  it('does not nest redirects when already on a login page', async () => {
    configureHttp({ currentPath: () => '/login?redirect=%2Fmessage' });
    await failureOf(t.list);
    h.confirm.mock.calls[0][0].onOk();
    expect(h.navigate).toHaveBeenCalledWith('/login');
  });

  it('by default clears the session and the token cookie on confirm', async () => {
    resetHttpConfig();
    configureHttp({ baseURL, retryDelayMs: 0, toastError: h.toastError, confirm: h.confirm, navigate: h.navigate });
    signIn();
    expect(Cookies.get('token')).toBe('session-token-1');
    respond = () => fail(401, 401000, null);
    await failureOf(t.list);
    h.confirm.mock.calls[0][0].onOk();
    expect(useSessionStore.getState().token).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(h.navigate).toHaveBeenCalledWith('/login?redirect=%2F');
  });

  it('maps every catalogue row as a pure function', () => {
    expect(catalogueAction(401, { msg: 'm' })).toEqual({ kind: 'session-expired', toast: 'm' });
    expect(catalogueAction(401, null)).toEqual({ kind: 'session-expired', toast: '未授权，请登录' });
    expect(catalogueAction(400, { code: 400111, msg: 'x' })).toEqual({ kind: 'caller' });
    expect(catalogueAction(400, { code: 400222, msg: 'x' })).toEqual({
      kind: 'toast',
      text: '登录号码与登记号码不一致',
    });
    expect(catalogueAction(400, { code: 400000, msg: 'x' })).toEqual({ kind: 'toast', text: '请求参数错误：x' });
    expect(catalogueAction(400, { code: 401103 })).toEqual({ kind: 'log' });
    expect(catalogueAction(403, { code: 403001 })).toEqual({ kind: 'toast', text: '您不是被分享人' });
    expect(catalogueAction(404, {})).toEqual({ kind: 'toast', text: '请求的资源不存在' });
    expect(catalogueAction(599, {})).toEqual({ kind: 'toast', text: '服务器错误，请稍后再试' });
    expect(catalogueAction(0, undefined)).toEqual({ kind: 'toast', text: '请求错误' });
    expect(catalogueAction(400, { code: 400000, msg: '  ' })).toEqual({ kind: 'toast', text: '请求参数错误：' });
  });
});
