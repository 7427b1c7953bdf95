import { ErrorCode, serverMessages } from '@pharmacy/shared';

/** A failure meant for the client: HTTP status, business code, Chinese msg, English detail, optional data. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    readonly msg: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badParams(field: string, reason: string, message = `Invalid parameter: ${field}`) {
    return new AppError(400, ErrorCode.BAD_PARAMS, `${field} ${reason}`, message);
  }

  /** 400111: the console shows its own message, so msg is what a person should read. */
  static callerHandles(msg: string, message: string, data: unknown = null) {
    return new AppError(400, ErrorCode.CALLER_HANDLES, msg, message, data);
  }

  static unauthorized(msg: string = serverMessages.unauthorized, message = 'Unauthorized') {
    return new AppError(401, ErrorCode.UNAUTHORIZED, msg, message);
  }

  static forbidden(msg: string = serverMessages.forbidden, message = 'Forbidden') {
    return new AppError(403, ErrorCode.FORBIDDEN, msg, message);
  }

  /** 403 / 403001: the signed-in account is not the share's recipient (the console toasts 您不是被分享人). */
  static notShareRecipient(msg: string, message = 'Not the share recipient') {
    return new AppError(403, ErrorCode.NOT_SHARE_RECIPIENT, msg, message);
  }

  static notFound(msg: string = serverMessages.notFound, message = 'Not found') {
    return new AppError(404, ErrorCode.NOT_FOUND, msg, message);
  }

  static conflict(msg: string = serverMessages.conflict, message = 'Conflict') {
    return new AppError(409, ErrorCode.CONFLICT, msg, message);
  }

  static tooManyRequests(msg: string = serverMessages.tooManyRequests, message = 'Too many requests') {
    return new AppError(429, ErrorCode.TOO_MANY_REQUESTS, msg, message);
  }
}
