import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { SmsProvider } from './sms';
import type { FileStorage } from './storage';

/** What every module's plugin receives: the app's configuration and the services built once for all modules. */
export interface ModuleContext {
  config: AppConfig;
  storage: FileStorage;
  smsProvider?: SmsProvider;
  /** Draws a captcha (tests replace it to read the text). */
  createCaptchaImage?: () => { text: string; svg: string };
  /** Periodic clean-ups (expired codes, sessions, import uploads); off in tests. */
  housekeeping: boolean;
}

/** A module: its Fastify plugin and where it is mounted (the API under /api/v1, the content API under /scms, or /). */
export interface ModuleDef {
  plugin: (app: FastifyInstance, context: ModuleContext) => Promise<void>;
  mount: 'api' | 'cms' | 'root';
}
