import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testPharmacy, testUser } from '../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../lib/testing/render-route';
import { RequirePharmacyPermission } from './permission-gate';

setupRouteTest();

const renderGuarded = (options: Parameters<typeof renderRoute>[1]) =>
  renderRoute(
    [
      {
        path: '/pharmacy/finance',
        element: (
          <RequirePharmacyPermission permission="finance" denied="您没有财务对账权限，请联系药店管理员。">
            <p>对账列表</p>
          </RequirePharmacyPermission>
        ),
      },
      { path: '/pharmacy/switch-pharmacy', element: <p>切换药店页</p> },
    ],
    options,
  );

describe('RequirePharmacyPermission', () => {
  it('asks to choose a pharmacy first, and 切换药店 goes to the switch page', async () => {
    const router = renderGuarded({ user: testUser(), pharmacy: null });
    expect(screen.getByText('请先选择药店')).toBeTruthy();
    expect(screen.queryByText('对账列表')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /切换药店/ }));
    expect(await screen.findByText('切换药店页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pharmacy/switch-pharmacy');
  });

  it('says 无权访问 without the key, and shows the page with it', () => {
    renderGuarded({
      user: testUser({ pharmacy_admin_permissions: { '7': ['order_read_pharmacy'] } }),
      pharmacy: testPharmacy(7),
    });
    expect(screen.getByText('无权访问')).toBeTruthy();
    expect(screen.getByText('您没有财务对账权限，请联系药店管理员。')).toBeTruthy();
    expect(screen.queryByText('对账列表')).toBeNull();
  });

  it('shows the page to a user holding the key in the current pharmacy', () => {
    renderGuarded({ user: testUser(), pharmacy: testPharmacy(7) });
    expect(screen.getByText('对账列表')).toBeTruthy();
  });
});
