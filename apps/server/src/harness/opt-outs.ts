/**
 * The one list of routes that opt out of a harness check, each with its reason. A route not listed here is covered by
 * every check that applies to it, without new test code.
 */
export type HarnessCheck = 'isolation' | 'fuzz';

export interface OptOut {
  method: string;
  /** OpenAPI form, e.g. `/api/v1/message/{id}`. */
  path: string;
  checks: readonly HarnessCheck[];
  reason: string;
}

// Empty: every route of the OpenAPI document is covered. An entry names one route, the checks it skips and why.
export const optOuts: readonly OptOut[] = [];

/**
 * Tables whose row count a refused call may change, each with its reason (the fuzzer otherwise demands that a 4xx
 * leaves every table's row count as it was).
 */
export const tablesRefusedCallsMayChange: Readonly<Record<string, string>> = {
  audit_log: 'refused sign-ins are recorded on purpose (who tried, from where)',
  login_attempt: 'failed sign-ins are counted per phone and address to demand a captcha and lock out guessing',
  captcha: 'a refused sign-in may issue a captcha challenge',
};

export const isOptedOut = (method: string, path: string, check: HarnessCheck) =>
  optOuts.some((o) => o.method === method.toUpperCase() && o.path === path && o.checks.includes(check));
