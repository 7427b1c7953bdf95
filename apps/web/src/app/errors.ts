import { DEFAULT_ERROR_STATUS } from '@pharmacy/shared';
import { isRouteErrorResponse } from 'react-router';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const DEFAULT_ERROR_TITLE = 'Internal Server Error';

/** An error the error page can show: status code, status message and a description. */
export interface AppError extends Error {
  readonly isAppError: true;
  statusCode: number;
  statusMessage: string;
  description?: string;
  fatal?: boolean;
}

export interface AppErrorInput {
  statusCode?: number;
  statusMessage?: string;
  message?: string;
  description?: string;
  fatal?: boolean;
  cause?: unknown;
}

export const defaultStatusMessage = (statusCode: number) =>
  statusCode === 404 ? NOT_FOUND_TITLE : DEFAULT_ERROR_TITLE;

export function isAppError(value: unknown): value is AppError {
  return value instanceof Error && (value as Partial<AppError>).isAppError === true;
}

/** Builds an AppError: a missing status code is 500, a missing status message follows the code. */
export function createError(input: string | AppErrorInput = {}): AppError {
  const opts: AppErrorInput = typeof input === 'string' ? { message: input } : input;
  const statusCode = opts.statusCode && opts.statusCode >= 100 ? opts.statusCode : DEFAULT_ERROR_STATUS;
  const statusMessage = opts.statusMessage || defaultStatusMessage(statusCode);
  const error = new Error(opts.message ?? statusMessage, { cause: opts.cause }) as AppError;
  Object.assign(error, {
    isAppError: true,
    statusCode,
    statusMessage,
    description: opts.description,
    fatal: opts.fatal,
  });
  return error;
}

/** The 404 of a path: what an unmatched request or a failed route validation yields. */
export const notFoundError = (path: string, statusCode = 404, statusMessage?: string) =>
  createError({ statusCode, statusMessage: statusMessage ?? `Page Not Found: ${path}` });

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

/** Whether an error is a failed lazy page load (a chunk that is gone after a deploy, or a network cut). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((re) => re.test(error.message));
}

/** Normalises anything thrown (an AppError, a router error response, an Error, a value) to an AppError. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    return createError({
      statusCode: error.status,
      statusMessage: error.status === 404 ? NOT_FOUND_TITLE : error.statusText || undefined,
      description: typeof data === 'string' ? data : undefined,
    });
  }
  if (error instanceof Error) return createError({ message: error.message, description: error.message, cause: error });
  return createError({ description: typeof error === 'string' ? error : undefined });
}

type Listener = () => void;
let fatalError: AppError | null = null;
const listeners = new Set<Listener>();

/** The fatal error the root view shows instead of the page (window errors, unhandled rejections). */
export const fatalErrorStore = {
  get: () => fatalError,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  show(error: unknown) {
    fatalError = toAppError(error);
    for (const l of listeners) l();
  },
  clear() {
    fatalError = null;
    for (const l of listeners) l();
  },
};
