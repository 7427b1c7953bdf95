import { expect, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

// Spec §6: every role's menu, written out here independently of packages/shared so the two are checked against each other.
const broadcast = ['/broadcast/topiclist', '/broadcast/questionBank', '/broadcast/column', '/broadcast/teamStatistics'];
const pharmacyArea = [
  '/pharmacy/switch-pharmacy',
  '/pharmacy/quote',
  '/pharmacy/customer',
  '/pharmacy/order',
  '/pharmacy/order/census',
  '/pharmacy/finance',
  '/pharmacy/set',
  '/pharmacy/role',
  // beyond the spec's list (docs/pharmacy-console.md)
  '/pharmacy/combo',
  '/pharmacy/courier',
];
const pharmacyOthers = ['/marketManage/drugser', '/broadcast/column/manage', '/marketManage/customer/data'];
const csMarketing = [
  '/marketManage/order',
  '/marketManage/task',
  '/marketManage/customer',
  '/marketManage/team',
  '/marketManage/createOrder',
  '/marketManage/blackUser',
];
const csOthers = ['/pharmacy/combo', '/marketManage/substituteOrder'];

const expectedMenus: Record<Exclude<keyof typeof demoAccounts, 'patient'>, string[]> = {
  shop: [...broadcast, '/broadcast/live', '/marketManage/blackUser', ...pharmacyArea, ...pharmacyOthers],
  pharmacy_admin: [...broadcast, '/marketManage/blackUser', ...pharmacyArea, ...pharmacyOthers],
  manager: [
    ...broadcast,
    '/pharmacy/switch-pharmacy',
    '/pharmacy/order',
    '/pharmacy/order/census',
    '/pharmacy/role',
    ...csMarketing,
    '/marketManage/channel',
    '/marketManage/healthFormReview',
    ...csOthers,
  ],
  customer_service: [...broadcast, '/pharmacy/switch-pharmacy', '/pharmacy/order', ...csMarketing, ...csOthers],
  doctor: ['/doctor/census', '/doctor/prescription', '/doctor/consultationNeeds', '/doctor/healthFormReviewDoctor'],
  pharmacist: ['/chemist/prescription-approval'],
  admin: [
    '/website/dashboard',
    '/website/complaint',
    '/website/group',
    '/website/customer',
    '/website/task',
    '/website/census',
    '/website/order',
    '/website/platformColumn',
    '/website/pharmacy',
    '/website/syncMedicine',
    '/website/permission',
    '/website/content',
    '/marketManage/drugser',
    '/marketManage/customer/data',
  ],
};

for (const [role, paths] of Object.entries(expectedMenus)) {
  test(`${role} signs in and sees exactly its menu`, async ({ page }) => {
    const app = new ConsolePage(page);
    await app.signIn(demoAccounts[role as keyof typeof demoAccounts]);
    expect(await app.menuPaths()).toEqual([...paths].sort());
    // The first entry opens inside the staff layout.
    await app.menu().locator('a[href]').first().click();
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  });
}

test('a patient signs in and lands in the patient area, without a console menu', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.signIn(demoAccounts.patient, { pickPharmacy: false });
  await expect(page).toHaveURL(/\/patient$/);
  await expect(page.getByRole('navigation', { name: '患者专区导航' })).toBeVisible();
  await expect(app.menu()).toHaveCount(0);
});
