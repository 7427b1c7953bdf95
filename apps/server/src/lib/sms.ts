import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Delivers a text message. A real gateway implements this; the built-in one writes to an outbox file. */
export interface SmsProvider {
  send(message: { phone: string; text: string; code: string }): Promise<void>;
}

/**
 * Built-in provider for demos and tests: appends one JSON line `{at, phone, code, text}` to
 * `<DATA_DIR>/sms-outbox.log` and logs it. Tests and e2e read the code from that file.
 */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    readonly file: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(message: { phone: string; text: string; code: string }) {
    const line = JSON.stringify({ at: new Date().toISOString(), ...message });
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${line}\n`, 'utf8');
    this.log?.info({ phone: message.phone, text: message.text, outbox: this.file }, 'sms written to outbox');
  }
}
