import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  type LoginBody,
  type PasswordBody,
  QR_LOGIN_TTL_MS,
  type QrLoginTicket,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT,
  SMS_MIN_INTERVAL_MS,
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
import type { AuthRepository } from './auth.repository';
import type { SmsProvider } from './sms-provider';

/** Failed sign-ins per phone in the window after which the phone is locked out for the rest of the window. */
export const LOGIN_LOCKOUT_FAILURES = 10;
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

export interface AuthServiceDeps {
  repo: AuthRepository;
  sms: SmsProvider;
  createCaptchaImage: () => CaptchaImage;
  now?: () => Date;
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
/** Midnight of the current day in Asia/Shanghai (no DST there), as an instant. */
export const startOfShanghaiDay = (now: Date) => {
  const local = now.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (local % (24 * 3600 * 1000)) - SHANGHAI_OFFSET_MS);
};

const smsHash = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);
const captchaHash = (captchaId: string, text: string) => sha256Hex(`${captchaId}:${text.trim().toLowerCase()}`);

const captchaRequired = () =>
  AppError.callerHandles('请输入图形验证码', 'Captcha required', { captcha_required: true });

export class AuthService {
  private readonly repo: AuthRepository;
  private readonly sms: SmsProvider;
  private readonly createCaptchaImage: () => CaptchaImage;
  private readonly now: () => Date;

  constructor(deps: AuthServiceDeps) {
    this.repo = deps.repo;
    this.sms = deps.sms;
    this.createCaptchaImage = deps.createCaptchaImage;
    this.now = deps.now ?? (() => new Date());
  }

  // --- SMS codes ---

  /** Sends a 6-digit code; at most one a minute and ten a day per phone. Unknown phones get the same answer, no SMS. */
  async sendSmsCode(input: { phone: string; captcha_id?: string; captcha_code?: string }, client: Client) {
    const now = this.now();
    const fromIp = await this.repo.countSmsFromIpSince(client.ip, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
    if (fromIp >= SMS_PER_IP_BEFORE_CAPTCHA) await this.requireCaptcha(input.captcha_id, input.captcha_code);

    const code = randomDigits(SMS_CODE_LENGTH);
    const salt = randomToken(12);
    const target = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, `sms:${input.phone}`);
      const last = await this.repo.lastSmsAt(tx, input.phone);
      if (last && now.getTime() - last.getTime() < SMS_MIN_INTERVAL_MS) {
        const wait = Math.ceil((SMS_MIN_INTERVAL_MS - (now.getTime() - last.getTime())) / 1000);
        throw AppError.tooManyRequests(`验证码发送过于频繁，请 ${wait} 秒后再试`, 'SMS code requested within a minute');
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
    });
    if (target) {
      try {
        await this.sms.send({
          phone: input.phone,
          code,
          text: `【仁心药房】您的验证码为 ${code}，${SMS_CODE_TTL_MS / 60000} 分钟内有效，请勿泄露给他人。`,
        });
      } catch (err) {
        throw new AppError(503, 503000, '短信发送失败，请稍后再试', `SMS provider failed: ${(err as Error).message}`);
      }
    }
    return { expires_in: SMS_CODE_TTL_MS / 1000, resend_in: SMS_MIN_INTERVAL_MS / 1000 };
  }

  /** True when `code` is the phone's latest unexpired code; a wrong guess uses up one of its five tries. */
  async verifySmsCode(phone: string, code: string): Promise<boolean> {
    const row = await this.repo.latestUsableSmsCode(phone, this.now(), SMS_CODE_MAX_TRIES);
    if (!row) return false;
    if (!sameDigest(smsHash(row.salt, code), row.codeHash)) {
      await this.repo.addSmsTry(row.id);
      return false;
    }
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

  /** Checks a captcha answer. `consume` spends it (sign-in); a bare check leaves it for the sign-in that follows. */
  async checkCaptcha(captchaId: string, text: string, consume: boolean): Promise<boolean> {
    const row = await this.repo.findCaptcha(captchaId);
    if (!row || row.consumedAt || row.expiresAt <= this.now() || row.tries >= CAPTCHA_MAX_TRIES) return false;
    if (!sameDigest(captchaHash(captchaId, text), row.textHash)) {
      await this.repo.addCaptchaTry(row.id);
      return false;
    }
    return consume ? this.repo.consumeCaptcha(row.id) : true;
  }

  private async requireCaptcha(captchaId?: string, captchaCode?: string) {
    if (!captchaId || !captchaCode) throw captchaRequired();
    if (!(await this.checkCaptcha(captchaId, captchaCode, true))) {
      throw AppError.callerHandles('图形验证码错误或已过期', 'Wrong captcha', { captcha_required: true });
    }
  }

  // --- sign-in ---

  /** Phone + password or phone + SMS code. Returns the new session's token and the account id. */
  async login(body: LoginBody, client: Client) {
    const now = this.now();
    const failures = await this.repo.countFailures(
      body.phone,
      client.ip,
      new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS),
    );
    if (failures.byPhone >= LOGIN_LOCKOUT_FAILURES) {
      throw AppError.tooManyRequests('登录失败次数过多，请 15 分钟后再试', 'Too many failed sign-ins for this phone');
    }
    const demanded =
      failures.byPhone >= LOGIN_FAILURES_BEFORE_CAPTCHA || failures.byIp >= LOGIN_FAILURES_BEFORE_CAPTCHA;
    if (demanded) await this.requireCaptcha(body.captcha_id, body.captcha_code);

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
      await this.repo.recordFailure(body.phone, client.ip, body.password !== undefined ? 'password' : 'sms_code');
      const next =
        failures.byPhone + 1 >= LOGIN_FAILURES_BEFORE_CAPTCHA || failures.byIp + 1 >= LOGIN_FAILURES_BEFORE_CAPTCHA;
      throw AppError.callerHandles(
        body.password !== undefined ? '手机号或密码错误' : '手机号或验证码错误',
        'Wrong phone or credentials',
        { captcha_required: next },
      );
    }
    if (account.status !== 'active') {
      throw AppError.callerHandles('账号已停用，请联系管理员', 'Account disabled', { captcha_required: false });
    }
    const token = await this.repo.transaction(async (tx) => {
      await this.repo.clearFailures(tx, body.phone);
      return this.issueSession(tx, account.id, client);
    });
    return { token, accountId: account.id, method: body.password !== undefined ? 'password' : 'sms_code' };
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

  /** Needs the old password or an SMS code sent to the account's phone; signs every other session out. */
  async changePassword(accountId: number, sessionId: number | null, body: PasswordBody) {
    const account = await this.repo.findAccountById(accountId);
    if (!account) throw AppError.unauthorized();
    if (body.old_password) {
      if (!account.passwordHash || !(await verifyPassword(body.old_password, account.passwordHash))) {
        throw AppError.callerHandles('原密码错误', 'Wrong old password');
      }
    } else if (body.sms_code) {
      if (!(await this.verifySmsCode(account.phone, body.sms_code))) {
        throw AppError.callerHandles('验证码错误或已过期', 'Wrong or expired SMS code');
      }
    } else {
      throw AppError.badParams('old_password', '请输入原密码或短信验证码', 'old_password or sms_code is required');
    }
    const passwordHash = await hashPassword(body.new_password);
    return this.repo.transaction(async (tx) => {
      await this.repo.updatePassword(tx, accountId, passwordHash);
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
