import { expect, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

test('the unread badge follows reading and deleting messages without a reload', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.manager);
  const bell = page.getByRole('link', { name: /^消息/ });
  await expect(bell).toHaveAccessibleName(/消息，\d+ 条未读/);
  const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) 条未读/)?.[1]);
  expect(unreadBefore).toBeGreaterThan(1);

  await bell.click();
  await expect(page).toHaveURL(/\/message/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();

  // Open the first unread message: it is marked read and the badge drops by one.
  const unreadRow = rows.filter({ hasText: '未读' }).first();
  await unreadRow.getByRole('button', { name: '查看' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();
  await expect(bell).toHaveAccessibleName(`消息，${unreadBefore - 1} 条未读`);

  // Mark everything read: the badge disappears.
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(bell).toHaveAccessibleName('消息');

  // Delete one message: the total shrinks.
  const totalText = await page.getByText(/共 \d+ 条/).textContent();
  const total = Number((totalText ?? '').match(/\d+/)?.[0]);
  await rows.first().getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('button', { name: /确\s*定|删\s*除/ })
    .last()
    .click();
  await expect(page.getByText(`共 ${total - 1} 条`)).toBeVisible();
});
