import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { account, captcha, loginAttempt, qrLogin, session, smsCode } from '../../db/schema/index';

export type QrLoginRow = typeof qrLogin.$inferSelect;
export type SmsCodeRow = typeof smsCode.$inferSelect;
export type CaptchaRow = typeof captcha.$inferSelect;

/** What a `login_attempt` row records: a wrong password or SMS code at sign-in, a wrong old password at a change. */
export type AttemptReason = 'password' | 'sms_code' | 'old_password';
/** The reasons that are guesses at the password (they share the lockout). */
export const PASSWORD_REASONS: AttemptReason[] = ['password', 'old_password'];

export class AuthRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Serialises concurrent requests about one key (e.g. SMS sending for one phone) until the transaction ends. */
  async lock(tx: DbExecutor, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }

  async findAccountByPhone(phone: string, db: DbExecutor = this.db) {
    const [row] = await db
      .select({ id: account.id, phone: account.phone, passwordHash: account.passwordHash, status: account.status })
      .from(account)
      .where(eq(account.phone, phone))
      .limit(1);
    return row;
  }

  async findAccountById(id: number) {
    const [row] = await this.db
      .select({ id: account.id, phone: account.phone, passwordHash: account.passwordHash, status: account.status })
      .from(account)
      .where(eq(account.id, id))
      .limit(1);
    return row;
  }

  // sessions

  async createSession(
    db: DbExecutor,
    values: { accountId: number; tokenSha256: string; expiresAt: Date; ip: string; userAgent: string },
  ) {
    const [row] = await db.insert(session).values(values).returning({ id: session.id });
    await db.update(account).set({ lastLoginAt: new Date() }).where(eq(account.id, values.accountId));
    return row.id;
  }

  async revokeSession(sessionId: number) {
    const rows = await this.db
      .update(session)
      .set({ revokedAt: new Date() })
      .where(and(eq(session.id, sessionId), isNull(session.revokedAt)))
      .returning({ id: session.id });
    return rows.length > 0;
  }

  async revokeOtherSessions(db: DbExecutor, accountId: number, keepSessionId: number | null) {
    const conditions = [eq(session.accountId, accountId), isNull(session.revokedAt)];
    if (keepSessionId !== null) conditions.push(ne(session.id, keepSessionId));
    const rows = await db
      .update(session)
      .set({ revokedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: session.id });
    return rows.length;
  }

  async updatePassword(db: DbExecutor, accountId: number, passwordHash: string) {
    await db.update(account).set({ passwordHash }).where(eq(account.id, accountId));
  }

  // failed sign-ins

  /**
   * Serialises the check-and-count of credential attempts for one phone and one address until the transaction ends.
   * Always the phone first, then the address, so two attempts can never wait on each other in a cycle.
   */
  async lockAttempts(tx: DbExecutor, phone: string, ip: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:phone:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:ip:${ip}`}))`);
  }

  /**
   * Failures in the window: every kind for the phone, the password guesses (sign-in and password change) for the
   * phone, and every kind from the address.
   */
  async countFailures(db: DbExecutor, phone: string, ip: string, since: Date) {
    const [row] = await db
      .select({
        byPhone: sql<number>`count(*) filter (where ${loginAttempt.phone} = ${phone})`.mapWith(Number),
        byPhonePassword: sql<number>`count(*) filter (where ${loginAttempt.phone} = ${phone} and ${inArray(
          loginAttempt.reason,
          PASSWORD_REASONS,
        )})`.mapWith(Number),
        byIp: sql<number>`count(*) filter (where ${loginAttempt.ip} = ${ip})`.mapWith(Number),
      })
      .from(loginAttempt)
      .where(and(or(eq(loginAttempt.phone, phone), eq(loginAttempt.ip, ip)), gte(loginAttempt.createdAt, since)));
    return { byPhone: row?.byPhone ?? 0, byPhonePassword: row?.byPhonePassword ?? 0, byIp: row?.byIp ?? 0 };
  }

  async recordFailure(db: DbExecutor, phone: string, ip: string, reason: AttemptReason) {
    const [row] = await db
      .insert(loginAttempt)
      .values({ phone, ip: ip.slice(0, 64), reason })
      .returning({ id: loginAttempt.id });
    return row.id;
  }

  /** Takes back one attempt that turned out not to be a failure. */
  async deleteAttempt(id: number) {
    await this.db.delete(loginAttempt).where(eq(loginAttempt.id, id));
  }

  async clearFailures(db: DbExecutor, phone: string) {
    await db.delete(loginAttempt).where(eq(loginAttempt.phone, phone));
  }

  // sms codes

  async lastSmsAt(db: DbExecutor, phone: string) {
    const [row] = await db
      .select({ createdAt: smsCode.createdAt })
      .from(smsCode)
      .where(eq(smsCode.phone, phone))
      .orderBy(desc(smsCode.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  }

  async countSmsSince(db: DbExecutor, phone: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(smsCode)
      .where(and(eq(smsCode.phone, phone), gte(smsCode.createdAt, since)));
    return row?.n ?? 0;
  }

  async countSmsFromIpSince(db: DbExecutor, ip: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(smsCode)
      .where(and(eq(smsCode.ip, ip), gte(smsCode.createdAt, since)));
    return row?.n ?? 0;
  }

  /** Stores a new code and retires the phone's earlier ones: only the latest code is valid. */
  async insertSmsCode(
    db: DbExecutor,
    values: { phone: string; codeHash: string; salt: string; expiresAt: Date; delivered: boolean; ip: string },
  ) {
    const now = new Date();
    await db
      .update(smsCode)
      .set({ consumedAt: now })
      .where(and(eq(smsCode.phone, values.phone), isNull(smsCode.consumedAt)));
    const [row] = await db.insert(smsCode).values(values).returning({ id: smsCode.id });
    return row.id;
  }

  /**
   * Spends one try of the phone's latest usable code and returns it, in one statement: of concurrent guesses at most
   * `maxTries` get the code to compare with (the row lock makes each re-check `tries` after the previous one).
   */
  async takeSmsTry(phone: string, now: Date, maxTries: number) {
    const latest = this.db
      .select({ id: smsCode.id })
      .from(smsCode)
      .where(
        and(
          eq(smsCode.phone, phone),
          isNull(smsCode.consumedAt),
          gt(smsCode.expiresAt, now),
          lt(smsCode.tries, maxTries),
        ),
      )
      .orderBy(desc(smsCode.id))
      .limit(1);
    const [row] = await this.db
      .update(smsCode)
      .set({ tries: sql`${smsCode.tries} + 1` })
      .where(and(inArray(smsCode.id, latest), isNull(smsCode.consumedAt), lt(smsCode.tries, maxTries)))
      .returning({ id: smsCode.id, salt: smsCode.salt, codeHash: smsCode.codeHash });
    return row;
  }

  /** Guarded: of two concurrent uses of one code, only one wins. */
  async consumeSmsCode(id: number) {
    const rows = await this.db
      .update(smsCode)
      .set({ consumedAt: new Date() })
      .where(and(eq(smsCode.id, id), isNull(smsCode.consumedAt)))
      .returning({ id: smsCode.id });
    return rows.length > 0;
  }

  // captcha

  async insertCaptcha(values: { captchaId: string; textHash: string; expiresAt: Date }) {
    await this.db.insert(captcha).values(values);
  }

  /** Spends one try of an unexpired, unused captcha and returns it (one statement, like `takeSmsTry`). */
  async takeCaptchaTry(captchaId: string, now: Date, maxTries: number) {
    const [row] = await this.db
      .update(captcha)
      .set({ tries: sql`${captcha.tries} + 1` })
      .where(
        and(
          eq(captcha.captchaId, captchaId),
          isNull(captcha.consumedAt),
          gt(captcha.expiresAt, now),
          lt(captcha.tries, maxTries),
        ),
      )
      .returning({ id: captcha.id, textHash: captcha.textHash });
    return row;
  }

  /** A right answer checked without being spent gives its try back: only wrong answers use the captcha up. */
  async refundCaptchaTry(id: number) {
    await this.db
      .update(captcha)
      .set({ tries: sql`greatest(${captcha.tries} - 1, 0)` })
      .where(eq(captcha.id, id));
  }

  async consumeCaptcha(id: number) {
    const rows = await this.db
      .update(captcha)
      .set({ consumedAt: new Date() })
      .where(and(eq(captcha.id, id), isNull(captcha.consumedAt)))
      .returning({ id: captcha.id });
    return rows.length > 0;
  }

  // QR login

  async insertQr(values: { qrId: string; expiresAt: Date; ip: string }) {
    await this.db.insert(qrLogin).values(values);
  }

  async findQr(qrId: string) {
    const [row] = await this.db.select().from(qrLogin).where(eq(qrLogin.qrId, qrId)).limit(1);
    return row;
  }

  async markQrScanned(qrId: string, accountId: number, now: Date) {
    const rows = await this.db
      .update(qrLogin)
      .set({ status: 'scanned', accountId, scannedAt: now })
      .where(and(eq(qrLogin.qrId, qrId), eq(qrLogin.status, 'pending'), gt(qrLogin.expiresAt, now)))
      .returning({ id: qrLogin.id });
    return rows.length > 0;
  }

  async markQrConfirmed(qrId: string, accountId: number, now: Date) {
    const rows = await this.db
      .update(qrLogin)
      .set({ status: 'confirmed', accountId, confirmedAt: now })
      .where(
        and(
          eq(qrLogin.qrId, qrId),
          gt(qrLogin.expiresAt, now),
          or(eq(qrLogin.status, 'pending'), and(eq(qrLogin.status, 'scanned'), eq(qrLogin.accountId, accountId))),
        ),
      )
      .returning({ id: qrLogin.id });
    return rows.length > 0;
  }

  /** Hands the confirmed ticket's session out once: the first poll to flip delivered_at wins. */
  async markQrDelivered(db: DbExecutor, qrId: string, now: Date) {
    const [row] = await db
      .update(qrLogin)
      .set({ deliveredAt: now })
      .where(and(eq(qrLogin.qrId, qrId), eq(qrLogin.status, 'confirmed'), isNull(qrLogin.deliveredAt)))
      .returning({ accountId: qrLogin.accountId });
    return row?.accountId ?? null;
  }

  /** Housekeeping: short-lived rows past any use. */
  async deleteExpired(now: Date) {
    const day = new Date(now.getTime() - 24 * 3600 * 1000);
    await this.db.delete(captcha).where(lt(captcha.expiresAt, day));
    await this.db.delete(qrLogin).where(lt(qrLogin.expiresAt, day));
    await this.db.delete(loginAttempt).where(lt(loginAttempt.createdAt, day));
    await this.db.delete(smsCode).where(lt(smsCode.createdAt, new Date(now.getTime() - 2 * 24 * 3600 * 1000)));
    await this.db.delete(session).where(or(lt(session.expiresAt, day), lt(session.revokedAt, day)));
  }
}
