import { expect, type Page } from '@playwright/test';

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
