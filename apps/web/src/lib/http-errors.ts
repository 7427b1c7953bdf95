import { clientMessages, ErrorCode } from '@pharmacy/shared';

/** What a failed call resolves to (spec §8): the HTTP status, the server's English detail and Chinese msg, and the body. */
export interface ApiFailure {
  /** HTTP status; 0 when no response arrived (network failure), 401 for the refused missing-token call. */
  httpCode: number;
  /** The server's English detail (`message` of the envelope). */
  message: string;
  /** The server's Chinese text for people (`msg` of the envelope). */
  msg: string;
  /** The whole parsed response body (the envelope `{ code, msg, message, data }`), or null. */
  responseData: unknown;
}

/** The error `callApi` throws: an Error carrying the ApiFailure fields, plus the envelope's business code. */
export class ApiError extends Error implements ApiFailure {
  readonly httpCode: number;
  readonly msg: string;
  readonly responseData: unknown;
  /** `code` of the envelope, when there was one. */
  readonly code: number | null;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.httpCode = failure.httpCode;
    this.msg = failure.msg;
    this.responseData = failure.responseData;
    const code = (failure.responseData as { code?: unknown } | null)?.code;
    this.code = typeof code === 'number' ? code : null;
  }

  /** The envelope's `data`, e.g. `{ captcha_required }` of a refused login. */
  get data(): unknown {
    const body = this.responseData as { data?: unknown } | null;
    return body && typeof body === 'object' ? (body.data ?? null) : null;
  }

  toFailure(): ApiFailure {
    return { httpCode: this.httpCode, message: this.message, msg: this.msg, responseData: this.responseData };
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** What the console does with one failure, per the spec's §8 catalogue. */
export type FailureAction =
  /** 401: the "token expired" prompt (then login with redirect), plus an error toast. */
  | { kind: 'session-expired'; toast: string }
  /** 400 / 400111: nothing; the caller shows its own message. */
  | { kind: 'caller' }
  /** 400 / 401103: only logged (the user has no address). */
  | { kind: 'log' }
  | { kind: 'toast'; text: string };

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The catalogue of spec §8 as one pure function of the status and the response body. */
export function catalogueAction(httpCode: number, body: unknown): FailureAction {
  const envelope = (body && typeof body === 'object' ? body : {}) as { code?: unknown; msg?: unknown };
  const msg = textOf(envelope.msg);
  const code = envelope.code;

  if (httpCode === 401) return { kind: 'session-expired', toast: msg ?? clientMessages.unauthorized };
  if (httpCode === 400) {
    if (code === ErrorCode.CALLER_HANDLES) return { kind: 'caller' };
    if (code === ErrorCode.PHONE_MISMATCH) return { kind: 'toast', text: clientMessages.phoneMismatch };
    if (code === ErrorCode.BAD_PARAMS) return { kind: 'toast', text: clientMessages.badParamsPrefix + (msg ?? '') };
    if (code === ErrorCode.NO_ADDRESS) return { kind: 'log' };
  }
  if (httpCode === 403 && code === ErrorCode.NOT_SHARE_RECIPIENT) {
    return { kind: 'toast', text: msg ?? clientMessages.notShareRecipient };
  }
  if (httpCode === 404) return { kind: 'toast', text: msg ?? clientMessages.notFound };
  if (httpCode >= 500 && httpCode <= 599) return { kind: 'toast', text: msg ?? clientMessages.serverError };
  return { kind: 'toast', text: msg ?? clientMessages.requestError };
}

/**
 * The file name of a download from its Content-Disposition header: RFC 5987 `filename*` (UTF-8, percent-encoded)
 * first, then a plain or quoted `filename`. Returns null when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    const raw = star[2].trim().replace(/^"(.*)"$/, '$1');
    try {
      const charset = star[1].trim().toLowerCase();
      if (charset === '' || charset === 'utf-8') return decodeURIComponent(raw);
      // ISO-8859-1 and the like: percent-escapes are single bytes.
      return raw.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    } catch {
      // A malformed escape: fall through to the plain filename.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (plain) {
    try {
      return decodeURIComponent(plain[1]);
    } catch {
      return plain[1];
    }
  }
  return null;
}

const SPREADSHEET_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
];

/**
 * The name a downloaded file is saved under. The server's name wins when it has an extension; spreadsheets
 * without one are saved as `.xls` (spec §7); anything else keeps its name or becomes `download`.
 */
export function downloadFileName(disposition: string | null | undefined, contentType: string | null | undefined) {
  const fromHeader = fileNameFromDisposition(disposition)?.replace(/[/\\]/g, '_') ?? null;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const isSheet = SPREADSHEET_TYPES.includes(type);
  const base = fromHeader && fromHeader.trim() !== '' ? fromHeader : isSheet ? '导出数据' : 'download';
  if (/\.[A-Za-z0-9]{1,8}$/.test(base)) return base;
  return isSheet ? `${base}.xls` : base;
}
