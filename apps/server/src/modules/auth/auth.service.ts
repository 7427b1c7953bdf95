import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  type LoginBody,
  type PasswordBody,
  PLATFORM_NAME,
  QR_LOGIN_TTL_MS,
  type QrLoginTicket,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT,
  SMS_MIN_INTERVAL_MS,
  startOfShanghaiDay,
  TOKEN_LIFETIME_MS,
} from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  hashPassword,
  passwordDecoyHash,
  randomDigits,
  randomToken,
  sameDigest,
  sha256Hex,
  verifyPassword,
} from '../../lib/crypto';
import type { SmsProvider } from '../../lib/sms';
import type { AttemptReason, AuthRepository } from './auth.repository';

/*
 * Failure limits, all over the sliding window LOGIN_FAILURE_WINDOW_MS (15 minutes); see docs/auth.md. Every credential
 * check is counted before it is made, under a lock on the phone and the address, so N parallel attempts cost N.
 *
 * - LOGIN_FAILURES_BEFORE_CAPTCHA (3, shared) failures of any kind for a phone: its sign-ins need a captcha.
 * - LOGIN_IP_FAILURES_BEFORE_CAPTCHA failures from one address (any phones): sign-ins from there need a captcha.
 *   Well above the per-phone figure, because a pharmacy's staff share one office address.
 * - LOGIN_LOCKOUT_FAILURES password guesses for a phone (sign-in or password change): password sign-in is refused for
 *   the rest of the window. SMS-code sign-in stays open: the code goes to the owner's phone, which the attacker
 *   cannot read, and its guesses are bounded by the code's own tries.
 * - PASSWORD_CHANGE_MAX_FAILURES password guesses for a phone: a password change by old password is refused (the
 *   dialog has no captcha, so it stops earlier); a change by SMS code stays open.
 */
export const LOGIN_IP_FAILURES_BEFORE_CAPTCHA = 20;
export const LOGIN_LOCKOUT_FAILURES = 10;
export const PASSWORD_CHANGE_MAX_FAILURES = 5;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const CAPTCHA_MAX_TRIES = 5;
/** SMS codes one address may request in the window before it must solve a captcha (SMS bombing). */
export const SMS_PER_IP_BEFORE_CAPTCHA = 3;
/** A confirmed QR ticket can still be collected this long after the ticket itself expired. */
export const QR_COLLECT_GRACE_MS = 60 * 1000;
export const QR_CONTENT_PREFIX = 'pharmacy-console:qr-login:';

export interface CaptchaImage {
  text: string;
  svg: string;
}

export interface Client {
  ip: string;
  userAgent: string;
}

/** One audit-log entry the service writes itself (failures, which never reach a route's success path). */
export interface AuthAuditEntry {
  accountId: number | null;
  action: 'auth.login_failed' | 'auth.password_change_failed';
  target: string;
  detail: Record<string, unknown>;
  ip: string;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  sms: SmsProvider;
  createCaptchaImage: () => CaptchaImage;
  /** Writes an audit-log entry; must not throw. */
  audit?: (entry: AuthAuditEntry) => Promise<void>;
  now?: () => Date;
}

interface FailureCounts {
  byPhone: number;
  byPhonePassword: number;
  byIp: number;
}

/** Whether a sign-in after these failures needs a captcha. */
const captchaDemanded = (f: Pick<FailureCounts, 'byPhone' | 'byIp'>) =>
  f.byPhone >= LOGIN_FAILURES_BEFORE_CAPTCHA || f.byIp >= LOGIN_IP_FAILURES_BEFORE_CAPTCHA;

const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

const smsHash = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);
const captchaHash = (captchaId: string, text: string) => sha256Hex(`${captchaId}:${text.trim().toLowerCase()}`);

const captchaRequired = () =>
  AppError.callerHandles('请输入图形验证码', 'Captcha required', { captcha_required: true });
const captchaWrong = () =>
  AppError.callerHandles('图形验证码错误或已过期', 'Wrong captcha', { captcha_required: true });
/**
 * The caller's captcha answer as a gate sees it: `unchecked` (sent, not yet looked at: a captcha is only spent when
 * one is demanded), `none` (nothing sent), `right` or `wrong`.
 */
type CaptchaAnswer = 'unchecked' | 'none' | 'right' | 'wrong';
/** Returned by a gate's transaction that found a captcha demanded and an answer it has not checked yet. */
const CHECK_CAPTCHA = Symbol('check captcha');
/**
 * Inside a gate that demands a captcha: null when the answer is right (go on), CHECK_CAPTCHA when it has not been
 * checked yet; refuses when none was sent or it is wrong.
 */
const captchaGate = (answer: CaptchaAnswer): typeof CHECK_CAPTCHA | null => {
  if (answer === 'right') return null;
  if (answer === 'unchecked') return CHECK_CAPTCHA;
  throw answer === 'none' ? captchaRequired() : captchaWrong();
};

export class AuthService {
  private readonly repo: AuthRepository;
  private readonly sms: SmsProvider;
  private readonly createCaptchaImage: () => CaptchaImage;
  private readonly audit: (entry: AuthAuditEntry) => Promise<void>;
  private readonly now: () => Date;

  constructor(deps: AuthServiceDeps) {
    this.repo = deps.repo;
    this.sms = deps.sms;
    this.createCaptchaImage = deps.createCaptchaImage;
    this.audit = deps.audit ?? (async () => undefined);
    this.now = deps.now ?? (() => new Date());
  }

  // --- SMS codes ---

  /** Sends a 6-digit code; at most one a minute and ten a day per phone. Unknown phones get the same answer, no SMS. */
  async sendSmsCode(input: { phone: string; captcha_id?: string; captcha_code?: string }, client: Client) {
    const now = this.now();
    const code = randomDigits(SMS_CODE_LENGTH);
    const salt = randomToken(12);
    const target = await this.gated(input.captcha_id, input.captcha_code, (answer) =>
      this.repo.transaction(async (tx) => {
        // phone first, then address (always in this order): the limits below are checked and counted atomically
        await this.repo.lock(tx, `sms:${input.phone}`);
        await this.repo.lock(tx, `sms-ip:${client.ip}`);
        const fromIp = await this.repo.countSmsFromIpSince(
          tx,
          client.ip,
          new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
        );
        if (fromIp >= SMS_PER_IP_BEFORE_CAPTCHA) {
          const gate = captchaGate(answer);
          if (gate) return gate;
        }
        const last = await this.repo.lastSmsAt(tx, input.phone);
        if (last && now.getTime() - last.getTime() < SMS_MIN_INTERVAL_MS) {
          const wait = Math.ceil((SMS_MIN_INTERVAL_MS - (now.getTime() - last.getTime())) / 1000);
          throw AppError.tooManyRequests(
            `验证码发送过于频繁，请 ${wait} 秒后再试`,
            'SMS code requested within a minute',
          );
        }
        const today = await this.repo.countSmsSince(tx, input.phone, startOfShanghaiDay(now));
        if (today >= SMS_DAILY_LIMIT) {
          throw AppError.tooManyRequests('今日验证码发送次数已达上限，请明天再试', 'Daily SMS limit reached');
        }
        const account = await this.repo.findAccountByPhone(input.phone, tx);
        const delivered = !!account && account.status === 'active';
        await this.repo.insertSmsCode(tx, {
          phone: input.phone,
          codeHash: smsHash(salt, code),
          salt,
          expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
          delivered,
          ip: client.ip,
        });
        return delivered;
      }),
    );
    if (target) {
      try {
        await this.sms.send({
          phone: input.phone,
          code,
          text: `【${PLATFORM_NAME}】您的验证码为 ${code}，${SMS_CODE_TTL_MS / 60000} 分钟内有效，请勿泄露给他人。`,
        });
      } catch (err) {
        throw new AppError(503, 503000, '短信发送失败，请稍后再试', `SMS provider failed: ${(err as Error).message}`);
      }
    }
    return { expires_in: SMS_CODE_TTL_MS / 1000, resend_in: SMS_MIN_INTERVAL_MS / 1000 };
  }

  /**
   * True when `code` is the phone's latest unexpired code. Every guess spends one of the code's five tries before it is
   * compared (one statement), so parallel guesses cannot get past the five.
   */
  async verifySmsCode(phone: string, code: string): Promise<boolean> {
    const row = await this.repo.takeSmsTry(phone, this.now(), SMS_CODE_MAX_TRIES);
    if (!row || !sameDigest(smsHash(row.salt, code), row.codeHash)) return false;
    return this.repo.consumeSmsCode(row.id);
  }

  // --- captcha ---

  async createCaptcha() {
    const image = this.createCaptchaImage();
    const captchaId = randomToken(16);
    await this.repo.insertCaptcha({
      captchaId,
      textHash: captchaHash(captchaId, image.text),
      expiresAt: new Date(this.now().getTime() + CAPTCHA_TTL_MS),
    });
    return { captcha_id: captchaId, svg: image.svg };
  }

  /**
   * Checks a captcha answer. Each answer spends one of the captcha's tries first (one statement: parallel answers cannot
   * get past the five); `consume` spends the captcha itself (sign-in), a bare check gives a right answer's try back.
   */
  async checkCaptcha(captchaId: string, text: string, consume: boolean): Promise<boolean> {
    const row = await this.repo.takeCaptchaTry(captchaId, this.now(), CAPTCHA_MAX_TRIES);
    if (!row || !sameDigest(captchaHash(captchaId, text), row.textHash)) return false;
    if (consume) return this.repo.consumeCaptcha(row.id);
    await this.repo.refundCaptchaTry(row.id);
    return true;
  }

  /**
   * Runs a gate (a transaction that checks and counts a limit). When the gate finds a captcha demanded and the caller
   * sent an answer, the answer is checked (and spent) outside the transaction and the gate runs again: a captcha is
   * spent only when one is demanded, and the decision and the count stay in one transaction.
   */
  private async gated<T>(
    captchaId: string | undefined,
    captchaCode: string | undefined,
    gate: (answer: CaptchaAnswer) => Promise<T | typeof CHECK_CAPTCHA>,
  ): Promise<T> {
    let answer: CaptchaAnswer = captchaId && captchaCode ? 'unchecked' : 'none';
    for (;;) {
      const result = await gate(answer);
      if (result !== CHECK_CAPTCHA) return result;
      answer = (await this.checkCaptcha(captchaId ?? '', captchaCode ?? '', true)) ? 'right' : 'wrong';
    }
  }

  /**
   * The gate in front of every credential check, atomic per phone and per address: under both locks it counts the
   * window's failures, refuses (lockout, captcha) or records this attempt as a failure *before* the check is made.
   * The caller takes the row back when the check succeeds. So N parallel attempts cost N attempts.
   */
  private async admitAttempt(
    phone: string,
    ip: string,
    reason: AttemptReason,
    captcha: { captcha_id?: string; captcha_code?: string } = {},
  ) {
    const since = new Date(this.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
    return this.gated(captcha.captcha_id, captcha.captcha_code, (answer) =>
      this.repo.transaction(async (tx) => {
        await this.repo.lockAttempts(tx, phone, ip);
        const before = await this.repo.countFailures(tx, phone, ip, since);
        if (reason === 'password' && before.byPhonePassword >= LOGIN_LOCKOUT_FAILURES) {
          throw AppError.tooManyRequests(
            '密码错误次数过多，请 15 分钟后再试，或使用短信验证码登录',
            'Too many wrong passwords for this phone',
          );
        }
        if (reason === 'old_password') {
          if (before.byPhonePassword >= PASSWORD_CHANGE_MAX_FAILURES) {
            throw AppError.tooManyRequests(
              '原密码错误次数过多，请 15 分钟后再试，或使用短信验证码修改',
              'Too many wrong passwords for this account',
            );
          }
        } else if (captchaDemanded(before)) {
          const gate = captchaGate(answer);
          if (gate) return gate;
        }
        const attemptId = await this.repo.recordFailure(tx, phone, ip, reason);
        return { attemptId, before };
      }),
    );
  }

  // --- sign-in ---

  /** Phone + password or phone + SMS code. Returns the new session's token and the account id. */
  async login(body: LoginBody, client: Client) {
    const method = body.password !== undefined ? 'password' : 'sms_code';
    const { attemptId, before } = await this.admitAttempt(body.phone, client.ip, method, body);

    const account = await this.repo.findAccountByPhone(body.phone);
    let ok: boolean;
    if (body.password !== undefined) {
      // an unknown phone costs the same scrypt work as a known one
      const hash = account?.passwordHash ?? (await passwordDecoyHash());
      ok = (await verifyPassword(body.password, hash)) && !!account?.passwordHash;
    } else {
      ok = (await this.verifySmsCode(body.phone, body.sms_code ?? '')) && !!account;
    }
    if (!ok || !account) {
      await this.audit({
        accountId: account?.id ?? null,
        action: 'auth.login_failed',
        target: account ? `account:${account.id}` : `phone:${maskPhone(body.phone)}`,
        detail: { method },
        ip: client.ip,
      });
      // this failure is already counted; concurrent ones may add more, which the next attempt will see
      const next = captchaDemanded({ byPhone: before.byPhone + 1, byIp: before.byIp + 1 });
      throw AppError.callerHandles(
        method === 'password' ? '手机号或密码错误' : '手机号或验证码错误',
        'Wrong phone or credentials',
        { captcha_required: next },
      );
    }
    if (account.status !== 'active') {
      await this.repo.deleteAttempt(attemptId);
      throw AppError.callerHandles('账号已停用，请联系管理员', 'Account disabled', { captcha_required: false });
    }
    const token = await this.repo.transaction(async (tx) => {
      // a success clears the phone's failures, this attempt's row among them (not the address's other phones)
      await this.repo.clearFailures(tx, body.phone);
      return this.issueSession(tx, account.id, client);
    });
    return { token, accountId: account.id, method };
  }

  private async issueSession(tx: DbExecutor, accountId: number, client: Client) {
    const token = randomToken(32);
    await this.repo.createSession(tx, {
      accountId,
      tokenSha256: sha256Hex(token),
      expiresAt: new Date(this.now().getTime() + TOKEN_LIFETIME_MS),
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 300),
    });
    return token;
  }

  async logout(sessionId: number) {
    return this.repo.revokeSession(sessionId);
  }

  // --- password ---

  /**
   * Needs the old password or an SMS code sent to the account's phone; signs every other session out. A wrong old
   * password is a password guess like a failed sign-in: counted before the check (shared with the sign-in limits),
   * refused past PASSWORD_CHANGE_MAX_FAILURES, and audited, as is a wrong SMS code.
   */
  async changePassword(accountId: number, sessionId: number | null, body: PasswordBody, client: Client) {
    const account = await this.repo.findAccountById(accountId);
    if (!account) throw AppError.unauthorized();
    const failed = (method: string) =>
      this.audit({
        accountId,
        action: 'auth.password_change_failed',
        target: `account:${accountId}`,
        detail: { method },
        ip: client.ip,
      });
    if (body.old_password) {
      await this.admitAttempt(account.phone, client.ip, 'old_password');
      if (!account.passwordHash || !(await verifyPassword(body.old_password, account.passwordHash))) {
        await failed('old_password');
        throw AppError.callerHandles('原密码错误', 'Wrong old password');
      }
    } else if (body.sms_code) {
      if (!(await this.verifySmsCode(account.phone, body.sms_code))) {
        await failed('sms_code');
        throw AppError.callerHandles('验证码错误或已过期', 'Wrong or expired SMS code');
      }
    } else {
      throw AppError.badParams('old_password', '请输入原密码或短信验证码', 'old_password or sms_code is required');
    }
    const passwordHash = await hashPassword(body.new_password);
    return this.repo.transaction(async (tx) => {
      await this.repo.updatePassword(tx, accountId, passwordHash);
      // earlier guesses were at the old password: a new one starts clean (this attempt's row among them)
      await this.repo.clearFailures(tx, account.phone);
      return this.repo.revokeOtherSessions(tx, accountId, sessionId);
    });
  }

  // --- QR sign-in ---

  async createQr(client: Client): Promise<QrLoginTicket> {
    const qrId = randomToken(24);
    const expiresAt = new Date(this.now().getTime() + QR_LOGIN_TTL_MS);
    await this.repo.insertQr({ qrId, expiresAt, ip: client.ip.slice(0, 64) });
    return { qr_id: qrId, qr_content: `${QR_CONTENT_PREFIX}${qrId}`, expires_at: expiresAt.toISOString() };
  }

  /** Polled by the console. Once confirmed, the first poll gets a new session; later polls only see "confirmed". */
  async qrStatus(qrId: string, client: Client) {
    const row = await this.repo.findQr(qrId);
    if (!row) throw AppError.notFound('二维码不存在或已失效', 'Unknown QR ticket');
    const now = this.now();
    if (row.status === 'confirmed') {
      if (row.deliveredAt || now.getTime() > row.expiresAt.getTime() + QR_COLLECT_GRACE_MS) {
        return { status: row.deliveredAt ? ('confirmed' as const) : ('expired' as const) };
      }
      const issued = await this.repo.transaction(async (tx) => {
        const accountId = await this.repo.markQrDelivered(tx, qrId, now);
        if (accountId === null) return null;
        return { accountId, token: await this.issueSession(tx, accountId, client) };
      });
      return issued ? { status: 'confirmed' as const, ...issued } : { status: 'confirmed' as const };
    }
    if (row.expiresAt <= now) return { status: 'expired' as const };
    return { status: row.status };
  }

  async scanQr(qrId: string, accountId: number) {
    if (await this.repo.markQrScanned(qrId, accountId, this.now())) return { status: 'scanned' as const };
    const row = await this.explainQr(qrId);
    if (row.status === 'scanned' && row.accountId === accountId) return { status: 'scanned' as const };
    throw AppError.conflict('二维码已被使用', 'QR ticket already scanned');
  }

  async confirmQr(qrId: string, accountId: number) {
    if (await this.repo.markQrConfirmed(qrId, accountId, this.now())) return { status: 'confirmed' as const };
    const row = await this.explainQr(qrId);
    if (row.status === 'confirmed' && row.accountId === accountId) return { status: 'confirmed' as const };
    throw AppError.conflict('二维码已被使用', 'QR ticket used by another account');
  }

  private async explainQr(qrId: string) {
    const row = await this.repo.findQr(qrId);
    if (!row) throw AppError.notFound('二维码不存在或已失效', 'Unknown QR ticket');
    if (row.expiresAt <= this.now() && row.status !== 'confirmed') {
      throw AppError.callerHandles('二维码已过期，请刷新后重新扫码', 'QR ticket expired');
    }
    return row;
  }

  async cleanup() {
    await this.repo.deleteExpired(this.now());
  }
}
