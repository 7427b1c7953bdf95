import type { LightMyRequestResponse } from 'fastify';

/** One thing a harness check found wrong; the checks return these so that the harness can test itself. */
export interface Finding {
  check: 'isolation' | 'fuzz' | 'upload';
  /** `METHOD /api/v1/path` */
  route: string;
  case: string;
  detail: string;
}

export const formatFindings = (findings: Finding[]) =>
  findings.map((f) => `[${f.check}] ${f.route} — ${f.case}: ${f.detail}`).join('\n');

/** `{ code, msg, message, data }` with a numeric code and strings for people and for developers. */
export function envelopeProblem(res: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 120)}`;
  }
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'not an object';
  if (typeof b.code !== 'number' || typeof b.msg !== 'string' || typeof b.message !== 'string' || !('data' in b)) {
    return `not the error envelope: ${res.body.slice(0, 160)}`;
  }
  if (/\n\s+at /.test(res.body)) return 'a stack trace in the response';
  return null;
}

export const snippet = (text: string, n = 200) => (text.length > n ? `${text.slice(0, n)}…` : text);
