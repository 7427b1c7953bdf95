/** Business constants of spec §9. */
export const TOKEN_COOKIE_NAME = 'token';
export const TOKEN_LIFETIME_DAYS = 30;
export const TOKEN_LIFETIME_MS = TOKEN_LIFETIME_DAYS * 24 * 3600 * 1000;
export const USER_INFO_REFRESH_MIN_INTERVAL_MS = 3000;
export const EXPIRY_WINDOW_DEFAULT_MONTHS = 6;
export const TOAST_DURATION_DIALOG_S = 2;
export const TOAST_DURATION_MESSAGE_S = 3;
export const IMAGE_ZOOM_MIN = 1;
export const IMAGE_ZOOM_MAX = 5;
export const COURIER_PREFIX_LENGTHS = [3, 2] as const;
export const SAME_PATH_RELOAD_SUPPRESS_MS = 10_000;
export const DEFAULT_ERROR_STATUS = 500;
/** The build-metadata check interval (the spec's one-hour value, 36e5 ms). */
export const BUILD_CHECK_INTERVAL_MS = 36e5;
export const USER_STORE_KEY = 'user-store';
export const DEFAULT_WXAPP = 'wx-pharmacy-console';
/** Request headers every console call carries. */
export const HEADER_AUTH = 'Auth';
export const HEADER_WXAPP = 'wxapp';
export const HEADER_PHARMACY = 'pharmacyid';
/** The platform's own name: it signs the platform's SMS (not any pharmacy's brand). */
export const PLATFORM_NAME = '药房平台';

export const API_BASE = '/api/v1';
export const CMS_BASE = '/scms';
/** The element of a served page that carries public API answers for its first render (JSON, keyed by URL). */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';
