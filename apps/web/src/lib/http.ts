import {
  API_BASE,
  CMS_BASE,
  type Contract,
  type ContractInput,
  type ContractOutput,
  clientMessages,
  DEFAULT_WXAPP,
  HEADER_AUTH,
  HEADER_PHARMACY,
  HEADER_WXAPP,
  type HttpMethod,
  TOKEN_COOKIE_NAME,
  uploadContracts,
} from '@pharmacy/shared';
import Cookies from 'js-cookie';
import { FetchError, ofetch } from 'ofetch';
import { confirmDialog, toast } from './feedback';
import { ApiError, type ApiFailure, catalogueAction, downloadFileName } from './http-errors';
import { takeInitialAnswer } from './initial-data';
import { sessionSnapshot, useSessionStore } from './session-store';

export { ApiError, type ApiFailure, isApiError } from './http-errors';

/** Spec §7: these statuses are retried (once for GET-like methods, never for POST, PUT, PATCH, DELETE). */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const PAYLOAD_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** localStorage entry that may override the wxapp header. */
export const WXAPP_STORAGE_KEY = 'wxapp';

/** Everything the HTTP layer does to the world goes through these, so tests (and the shell) can replace them. */
export interface HttpHandlers {
  /** Where requests go; '' means the page's own origin. */
  baseURL: string;
  /** Wait before the one retry of a GET-like call. */
  retryDelayMs: number;
  toastError: (text: string) => void;
  confirm: (opts: { title: string; onOk: () => void; onCancel: () => void }) => void;
  navigate: (to: string) => void;
  /** The path (with query) the user is on, for the login redirect. */
  currentPath: () => string;
  log: (...args: unknown[]) => void;
  saveFile: (blob: Blob, fileName: string) => void;
  /** Forget the signed-in user before sending them to the login page. */
  clearSession: () => void;
}

function saveWithAnchor(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

const defaultHandlers = (): HttpHandlers => ({
  baseURL: '',
  retryDelayMs: 300,
  toastError: (text) => toast.error(text),
  confirm: ({ title, onOk, onCancel }) => confirmDialog({ title, onOk, onCancel }),
  navigate: (to) => window.location.assign(to),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  log: (...args) => console.warn(...args),
  saveFile: saveWithAnchor,
  clearSession: () => useSessionStore.getState().clear(),
});

let handlers: HttpHandlers = defaultHandlers();

export function configureHttp(partial: Partial<HttpHandlers>) {
  handlers = { ...handlers, ...partial };
}

export function resetHttpConfig() {
  handlers = defaultHandlers();
  loginPromptOpen = false;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Extra headers (the three standard ones are always set). */
  headers?: Record<string, string>;
  /** For download endpoints: false returns the Blob without saving it; a string overrides the file name. */
  save?: boolean | string;
  /**
   * For uploads (a body with files): called with the share of the body sent so far (0…1) as it goes. The request is
   * then sent with XMLHttpRequest (fetch reports no upload progress); the answer is handled exactly as fetch's.
   */
  onUploadProgress?: (sent: number) => void;
  /**
   * For downloads: called as the body arrives with the bytes received so far and the row count the server announced
   * in X-Total-Count (null without it); the body is then read as a stream (the exports, which can be large).
   */
  onDownloadProgress?: (progress: { bytes: number; rows: number | null }) => void;
}

/** Reads a streamed download body into a Blob, reporting the bytes received as they come. */
async function readWithProgress(
  body: ReadableStream<Uint8Array> | null,
  type: string,
  report: (bytes: number) => void,
): Promise<Blob> {
  const parts: Uint8Array[] = [];
  let bytes = 0;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      report(bytes);
    }
  }
  return new Blob(parts as BlobPart[], { type });
}

export type Payload = Record<string, unknown>;

/** How one call is sent, derived from its contract. */
interface EndpointDef {
  method: HttpMethod;
  path: string;
  /** Needs a session: without one the user is asked to sign in and nothing is sent. */
  auth: boolean;
  base?: 'api' | 'cms';
  /** The response is a file (blob) to download. */
  download?: boolean;
  /** The body is the answer itself, not the `{ code, data }` envelope. */
  raw?: boolean;
}

const endpointOf = (c: Contract): EndpointDef => ({
  method: c.method,
  path: c.path,
  auth: !('public' in c.access),
  base: c.base,
  download: c.kind === 'file',
  raw: c.kind === 'raw',
});

/** One prompt at a time: a burst of 401s (or of calls without a session) asks once. */
let loginPromptOpen = false;

function loginTarget() {
  const here = handlers.currentPath();
  const path = here.split('?')[0];
  // Already on a login page: do not nest redirects.
  if (path === '/login' || path.startsWith('/login/')) return '/login';
  return `/login?redirect=${encodeURIComponent(here)}`;
}

function promptLogin(title: string) {
  if (loginPromptOpen) return;
  loginPromptOpen = true;
  handlers.confirm({
    title,
    onOk: () => {
      loginPromptOpen = false;
      const target = loginTarget();
      handlers.clearSession();
      handlers.navigate(target);
    },
    onCancel: () => {
      loginPromptOpen = false;
    },
  });
}

const isFileLike = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;
const hasFiles = (payload: Payload) =>
  Object.values(payload).some((v) => isFileLike(v) || (Array.isArray(v) && v.some(isFileLike)));

function toFormData(payload: Payload): FormData {
  const form = new FormData();
  const append = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (isFileLike(value)) {
      const name = (value as File).name || 'blob';
      form.append(key, value, name);
    } else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value) && value.some(isFileLike)) for (const item of value) append(key, item);
    else append(key, value);
  }
  return form;
}

function withoutEmpty(payload: Payload): Payload {
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined && v !== null));
}

/** Fills `:x` path parameters from the payload and returns the path and the rest of the payload. */
export function fillPath(path: string, payload: Payload): { path: string; rest: Payload } {
  const rest: Payload = { ...payload };
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
    const value = rest[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter :${key} for ${path}`);
    }
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

function currentToken(): string | null {
  return sessionSnapshot().token ?? Cookies.get(TOKEN_COOKIE_NAME) ?? null;
}

function standardHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers[HEADER_AUTH] = token;
  let wxapp: string | null = null;
  try {
    wxapp = localStorage.getItem(WXAPP_STORAGE_KEY);
  } catch {
    wxapp = null;
  }
  headers[HEADER_WXAPP] = wxapp || DEFAULT_WXAPP;
  const pharmacy = sessionSnapshot().currentPharmacy;
  if (pharmacy) headers[HEADER_PHARMACY] = String(pharmacy.id);
  return headers;
}

async function readBlobBody(data: unknown): Promise<unknown> {
  // A streamed download's failure arrives as the body's stream
  if (typeof ReadableStream !== 'undefined' && data instanceof ReadableStream) data = await new Response(data).blob();
  // A download endpoint's failure arrives as a Blob holding the JSON envelope.
  if (!data || typeof (data as Blob).text !== 'function' || typeof (data as Blob).size !== 'number') return data;
  try {
    const text = await (data as Blob).text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Applies the §8 catalogue to a failure (toast, prompt or log) and returns the failure. */
function reportFailure(failure: ApiFailure): ApiFailure {
  const action = catalogueAction(failure.httpCode, failure.responseData);
  switch (action.kind) {
    case 'session-expired':
      // A burst of 401s (several queries at once) toasts and prompts once.
      if (!loginPromptOpen) handlers.toastError(action.toast);
      promptLogin(clientMessages.tokenExpired);
      break;
    case 'toast':
      handlers.toastError(action.text);
      break;
    case 'log':
      handlers.log('[http] user has no address', failure);
      break;
    case 'caller':
      break;
  }
  return failure;
}

function failureFrom(httpCode: number, body: unknown): ApiFailure {
  const envelope = (body && typeof body === 'object' ? body : {}) as { msg?: unknown; message?: unknown };
  return {
    httpCode,
    message: typeof envelope.message === 'string' ? envelope.message : '',
    msg: typeof envelope.msg === 'string' ? envelope.msg : '',
    responseData: body ?? null,
  };
}

interface Envelope {
  code: number;
  data?: unknown;
}

const isEnvelope = (body: unknown): body is Envelope =>
  !!body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number';

/** The envelope's `data`, or the body itself when it is not an envelope; a failure envelope throws ApiError. */
function unwrapEnvelope<T>(status: number, body: unknown): T {
  if (!isEnvelope(body)) return body as T;
  if (body.code !== 0) throw new ApiError(reportFailure(failureFrom(status, body)));
  return body.data as T;
}

/** The body the server sent inside the page for this GET (lib/initial-data.ts), taken out; undefined when none. */
function takeInitialBody(def: EndpointDef, payload: Payload): unknown {
  if (def.method !== 'GET' || def.download) return undefined;
  const { path, rest } = fillPath(def.path, payload);
  return takeInitialAnswer(`${def.base === 'cms' ? CMS_BASE : API_BASE}${path}`, withoutEmpty(rest));
}

/** Sends one call described by an endpoint definition. Throws ApiError on failure, after the §8 catalogue ran. */
async function requestEndpoint<T = unknown>(
  def: EndpointDef,
  payload: Payload = {},
  options: CallOptions = {},
): Promise<T> {
  const token = currentToken();
  if (def.auth && !token) {
    promptLogin(clientMessages.loginRequired);
    throw new ApiError({
      httpCode: 401,
      message: 'Login required',
      msg: clientMessages.loginRequired,
      responseData: null,
    });
  }

  const method = def.method;
  const { path, rest } = fillPath(def.path, payload);
  const base = def.base === 'cms' ? CMS_BASE : API_BASE;
  const isPayload = PAYLOAD_METHODS.has(method) && method !== 'DELETE';
  let body: FormData | Payload | undefined;
  if (isPayload) body = hasFiles(rest) ? toFormData(rest) : rest;
  const query = isPayload ? undefined : withoutEmpty(rest);

  const initial = takeInitialBody(def, payload);
  if (initial !== undefined) return def.raw ? (initial as T) : unwrapEnvelope<T>(200, initial);

  if (options.onUploadProgress && body instanceof FormData) {
    // Only the import dialogs report progress: XMLHttpRequest's path loads with the first such upload.
    const { sendWithProgress } = await import('./http-progress');
    const { status, data } = await sendWithProgress(`${handlers.baseURL}${base}${path}`, method, body, {
      headers: { ...standardHeaders(token), ...options.headers },
      signal: options.signal,
      onProgress: options.onUploadProgress,
    });
    if (status >= 200 && status < 300) return def.raw ? (data as T) : unwrapEnvelope<T>(status, data);
    throw new ApiError(reportFailure(failureFrom(status, data)));
  }

  try {
    const response = await ofetch.raw(`${base}${path}`, {
      baseURL: handlers.baseURL || undefined,
      method,
      headers: { ...standardHeaders(token), ...options.headers },
      query,
      body,
      signal: options.signal,
      responseType: def.download ? (options.onDownloadProgress ? 'stream' : 'blob') : undefined,
      retry: PAYLOAD_METHODS.has(method) ? 0 : 1,
      retryDelay: handlers.retryDelayMs,
      retryStatusCodes: RETRY_STATUS_CODES,
    });
    const data: unknown = response._data;

    if (def.download) {
      let blob = data as Blob;
      const onProgress = options.onDownloadProgress;
      if (onProgress) {
        const announced = Number(response.headers.get('x-total-count'));
        const rows = response.headers.has('x-total-count') && Number.isSafeInteger(announced) ? announced : null;
        onProgress({ bytes: 0, rows });
        blob = await readWithProgress(
          data as ReadableStream<Uint8Array> | null,
          response.headers.get('content-type') ?? '',
          (bytes) => onProgress({ bytes, rows }),
        );
      }
      if (options.save !== false) {
        const name =
          typeof options.save === 'string'
            ? options.save
            : downloadFileName(response.headers.get('content-disposition'), response.headers.get('content-type'));
        handlers.saveFile(blob, name);
      }
      return blob as T;
    }

    return def.raw ? (data as T) : unwrapEnvelope<T>(response.status, data);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw error;
    if (error instanceof FetchError) {
      const status = error.response?.status ?? 0;
      const body = await readBlobBody(error.data);
      throw new ApiError(reportFailure(failureFrom(status, body)));
    }
    throw error;
  }
}

/** The input is optional when the contract requires nothing. */
export type CallArgs<C extends Contract> =
  Record<never, never> extends ContractInput<C>
    ? [input?: ContractInput<C>, options?: CallOptions]
    : [input: ContractInput<C>, options?: CallOptions];

/**
 * Calls one endpoint by its contract (packages/shared): the input (path params, query and body in one object) and the
 * answer are typed from the contract's schemas. Resolves to the envelope's `data` (the body for raw contracts, a Blob
 * for downloads); on failure the §8 catalogue runs and the call rejects with an ApiError
 * (`{ httpCode, message, msg, responseData }`).
 */
export function callApi<C extends Contract>(contract: C, ...[input, options]: CallArgs<C>): Promise<ContractOutput<C>> {
  return requestEndpoint<ContractOutput<C>>(endpointOf(contract), (input ?? {}) as Payload, options);
}

/**
 * The answer the server sent inside the page for this call (lib/initial-data.ts), taken out; undefined when there is
 * none. Query options use it as their `initialData`, so a block shows its content in the page's first render.
 */
export function takeInitialData<C extends Contract>(
  contract: C,
  input?: ContractInput<C>,
): ContractOutput<C> | undefined {
  const def = endpointOf(contract);
  const body = takeInitialBody(def, (input ?? {}) as Payload);
  if (def.raw || !isEnvelope(body)) return body as ContractOutput<C> | undefined;
  return body.code === 0 ? (body.data as ContractOutput<C>) : undefined;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/** Like callApi, but a failed call resolves to `{ ok: false, error: ApiFailure }` instead of rejecting. */
export async function tryCallApi<C extends Contract>(
  contract: C,
  ...args: CallArgs<C>
): Promise<ApiResult<ContractOutput<C>>> {
  try {
    return { ok: true, data: await callApi(contract, ...args) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.toFailure() };
    throw error;
  }
}

export const PRESCRIPTION_IMAGE_NAME = 'prescription.png';

/** Uploads a prescription image as `prescription.png` with its `folder` field (spec §7 "upload: post"). */
export function uploadPrescriptionImage(image: Blob, folder: string, options?: CallOptions) {
  const file = new File([image], PRESCRIPTION_IMAGE_NAME, { type: image.type || 'image/png' });
  return callApi(uploadContracts.upload, { file, folder }, options);
}
