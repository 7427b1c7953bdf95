/** Business error codes carried in the `code` field of the error envelope (architecture.md). */
export const ErrorCode = {
  OK: 0,
  /** Bad parameters; msg names the field. */
  BAD_PARAMS: 400000,
  /** The caller shows its own Chinese message (no toast). */
  CALLER_HANDLES: 400111,
  /** Login phone differs from the registered phone. */
  PHONE_MISMATCH: 400222,
  /** The user has no address (only logged by the console). */
  NO_ADDRESS: 401103,
  UNAUTHORIZED: 401000,
  /** Not the share's recipient. */
  NOT_SHARE_RECIPIENT: 403001,
  FORBIDDEN: 403000,
  NOT_FOUND: 404000,
  CONFLICT: 409000,
  PAYLOAD_TOO_LARGE: 413000,
  UNSUPPORTED_MEDIA: 415000,
  TOO_MANY_REQUESTS: 429000,
  INTERNAL: 500000,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default Chinese messages the server sends with each family of failure. */
export const serverMessages = {
  badParams: '请求参数错误',
  unauthorized: '未授权，请登录',
  sessionExpired: 'token 过期，请重新登陆！',
  forbidden: '没有权限执行此操作',
  notPharmacyMember: '您不是该药店的成员',
  notFound: '请求的资源不存在',
  apiNotFound: '接口不存在',
  conflict: '数据已被修改，请刷新后重试',
  tooManyRequests: '操作过于频繁，请稍后再试',
  payloadTooLarge: '上传内容过大',
  internal: '服务器错误，请稍后再试',
} as const;

/** Texts of the console's error catalogue (spec §8), exactly as worded there. */
export const clientMessages = {
  loginRequired: '请登陆后再使用此功能',
  tokenExpired: 'token 过期，请重新登陆！',
  unauthorized: '未授权，请登录',
  phoneMismatch: '登录号码与登记号码不一致',
  badParamsPrefix: '请求参数错误：',
  notShareRecipient: '您不是被分享人',
  notFound: '请求的资源不存在',
  serverError: '服务器错误，请稍后再试',
  requestError: '请求错误',
  imageLoadFailed: '图片加载失败',
  copySucceeded: '复制成功',
  copyFailed: '复制失败',
} as const;
