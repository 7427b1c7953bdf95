import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so that the working directory never matters. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RateLimitConfig {
  /** Requests per minute per client address on user/admin/login. */
  loginPerMinute: number;
  /** Requests per minute per client address on user/sms_code. */
  smsPerMinute: number;
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  nodeEnv: string;
  logLevel: string;
  trustProxy: boolean | string;
  webDist: string;
  dbPoolMax: number;
  rateLimit: RateLimitConfig;
}

const parseBool = (value: string | undefined) => value === '1' || value === 'true' || value === 'yes';

const parseTrustProxy = (value: string | undefined): boolean | string => {
  if (!value) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};

const parseIntOr = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const resolveFromRoot = (value: string | undefined, fallback: string) =>
  value ? path.resolve(repoRoot, value) : path.join(repoRoot, fallback);

/** The only place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: parseIntOr(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolveFromRoot(env.DATA_DIR, 'data'),
    seedDemo: parseBool(env.SEED_DEMO),
    nodeEnv: env.NODE_ENV || 'development',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: resolveFromRoot(env.WEB_DIST, 'apps/web/dist'),
    dbPoolMax: parseIntOr(env.DB_POOL_MAX, 10),
    rateLimit: { loginPerMinute: 30, smsPerMinute: 10 },
  };
}

/** The PostgreSQL server the integration tests create their throwaway databases on (unset: PGlite in memory). */
export const testDatabaseUrl = (env: NodeJS.ProcessEnv = process.env) => env.TEST_DATABASE_URL || undefined;

export const webDistExists = (config: AppConfig) => existsSync(path.join(config.webDist, 'index.html'));
