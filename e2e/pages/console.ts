import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Signed-in states saved per account for this run (emptied with the database when the run's server starts). */
export const sessionsDir = new URL(`../../.tmp/e2e-sessions-${process.env.E2E_PORT ?? 3100}`, import.meta.url).pathname;

export const DEMO_PASSWORD = 'Demo@12345';

export const demoAccounts = {
  shop: '13800000001',
  pharmacy_admin: '13800000002',
  manager: '13800000003',
  customer_service: '13800000004',
  doctor: '13800000005',
  pharmacist: '13800000006',
  admin: '13800000007',
  patient: '13900000001',
} as const;

/** Page object of the sign-in page and the signed-in shell. */
export class ConsolePage {
  constructor(readonly page: Page) {}

  async openLogin(query = '') {
    await this.page.goto(`/login${query}`);
    await expect(this.page.getByRole('tab', { name: '密码登录' })).toBeVisible();
  }

  async submitPassword(phone: string, password = DEMO_PASSWORD) {
    const form = this.page.locator('form[id="password-login"]');
    await form.getByLabel('手机号').fill(phone);
    await form.getByLabel('密码').fill(password);
    await form.getByRole('button', { name: /^登\s*录$/ }).click();
  }

  /** Signs in with a password; picks the first pharmacy when the selection dialog asks. */
  async signIn(phone: string, { query = '', pickPharmacy = true } = {}) {
    await this.openLogin(query);
    await this.submitPassword(phone);
    if (pickPharmacy) {
      const dialog = this.page.getByRole('dialog', { name: '请选择药店' });
      const shell = this.page.getByRole('navigation', { name: '主菜单' });
      await expect(dialog.or(shell).or(this.page.getByText('登录成功')).first()).toBeVisible();
      if (await dialog.isVisible()) await dialog.getByRole('button').first().click();
    }
  }

  /**
   * Signed in as this account on `at`, reusing the session the first test of the run saved for it: one sign-in per
   * role and run. Tests of signing in, out or of an expiring session call signIn instead (they change the session).
   */
  async useSession(phone: string, at = '/message') {
    const file = path.join(sessionsDir, `${phone}.json`);
    if (!existsSync(file)) {
      await this.signIn(phone);
      await expect(this.menu()).toBeVisible();
      mkdirSync(sessionsDir, { recursive: true });
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify(await this.page.context().storageState()));
      renameSync(partial, file);
      await this.page.goto(at);
      return;
    }
    const state = JSON.parse(readFileSync(file, 'utf8')) as Awaited<
      ReturnType<ReturnType<Page['context']>['storageState']>
    >;
    await this.page.context().addCookies(state.cookies);
    const stored = state.origins.flatMap((o) => o.localStorage.map((e) => [o.origin, e.name, e.value] as const));
    // before the page's own scripts, once per tab: later changes (a pharmacy switch) survive reloads
    await this.page.context().addInitScript((entries) => {
      if (sessionStorage.getItem('e2e-session')) return;
      for (const [origin, name, value] of entries) if (origin === location.origin) localStorage.setItem(name, value);
      sessionStorage.setItem('e2e-session', '1');
    }, stored);
    await this.page.goto(at);
    await expect(this.menu()).toBeVisible();
  }

  menu() {
    return this.page.getByRole('navigation', { name: '主菜单' });
  }

  async menuPaths(): Promise<string[]> {
    await expect(this.menu()).toBeVisible();
    const hrefs = await this.menu()
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    return hrefs.sort();
  }

  async signOut() {
    await this.page.getByRole('button', { name: /^用户菜单/ }).click();
    await this.page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}
