import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config';
import { openPostgres } from '../db/client';
import {
  CHAT_NOTIFY_MAX_BYTES,
  type ChatEnvelope,
  EnvelopeDecoder,
  encodeEnvelope,
  InProcessChatBus,
  PgChatBus,
} from './chat-bus';

const typing = (name: string): ChatEnvelope => ({
  pharmacyId: 1,
  patientAccountId: 2,
  to: 'staff',
  frame: { t: 'typing', conversation_id: 3, side: 'patient', name },
});

/** A frame far above NOTIFY's limit: 3,000 control characters JSON writes as `\u0001` (6 bytes each) and Chinese. */
const huge = typing(`${'\u0001'.repeat(3000)}${'药'.repeat(2000)}`);

describe('chat bus payloads', () => {
  it('sends a small envelope as its JSON and a big one as parts that put it back together in any order', () => {
    expect(encodeEnvelope(typing('李小华'))).toEqual([JSON.stringify(typing('李小华'))]);
    const parts = encodeEnvelope(huge);
    expect(parts.length).toBeGreaterThan(2);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(CHAT_NOTIFY_MAX_BYTES);
    const decoder = new EnvelopeDecoder();
    const shuffled = [parts[1], ...parts.slice(2).reverse(), parts[0]];
    const results = shuffled.map((p) => decoder.decode(p));
    expect(results.slice(0, -1)).toEqual(results.slice(0, -1).map(() => null));
    expect(results.at(-1)).toEqual(huge);
    expect(decoder.pendingCount).toBe(0);
    expect(decoder.decode('not json')).toBeNull();
    expect(decoder.decode('~bad')).toBeNull();
  });
});

const serverUrl = testDatabaseUrl();

// The PostgreSQL bus's tests are declared only when a PostgreSQL is given (scripts/test-all.sh), not skipped on the
// embedded database, where the in-process bus is the one in use.
describe('the in-process bus (the embedded database)', () => {
  it('delivers to every subscriber in this process and none after it unsubscribed', async () => {
    const bus = new InProcessChatBus();
    const seen: string[] = [];
    const offA = bus.subscribe((e) => seen.push(`a:${(e.frame as { name: string }).name}`));
    bus.subscribe((e) => seen.push(`b:${(e.frame as { name: string }).name}`));
    await bus.publish(typing('李小华'));
    offA();
    await bus.publish(typing('王丽娟'));
    expect(seen).toEqual(['a:李小华', 'b:李小华', 'b:王丽娟']);
    await bus.close();
    await bus.publish(typing('刘静怡'));
    expect(seen).toHaveLength(3);
  });
});

if (serverUrl) pgChatBusTests(serverUrl);

function pgChatBusTests(serverUrl: string) {
  describe('PgChatBus on PostgreSQL', () => {
    const database = openPostgres(serverUrl, 2);
    const buses: PgChatBus[] = [];
    afterAll(async () => {
      for (const bus of buses) await bus.close();
      await database.close();
    });

    const nextFrame = (bus: PgChatBus) =>
      new Promise<ChatEnvelope>((resolve) => {
        const off = bus.subscribe((e) => {
          off();
          resolve(e);
        });
      });

    it('delivers to every instance (the publisher’s own included), a big envelope whole', async () => {
      const one = await PgChatBus.open({ url: serverUrl, db: database.db });
      const two = await PgChatBus.open({ url: serverUrl, db: database.db });
      buses.push(one, two);
      const atOne = nextFrame(one);
      const atTwo = nextFrame(two);
      await one.publish(huge);
      expect(await atTwo).toEqual(huge);
      expect(await atOne).toEqual(huge);
    });

    it('listens again after PostgreSQL ends its connection, and reports the gap', async () => {
      const bus = await PgChatBus.open({ url: serverUrl, db: database.db, retryMs: 20 });
      buses.push(bus);
      const gap = new Promise<void>((resolve) => bus.onGap(resolve));
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN chat_frames%'`,
        );
        expect(rows[0].n).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await gap;
      expect(bus.listening).toBe(true);
      const received = nextFrame(bus);
      await bus.publish(typing('重连之后'));
      expect((await received).frame).toMatchObject({ name: '重连之后' });
    });
  });
}
