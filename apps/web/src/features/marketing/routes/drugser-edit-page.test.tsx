import { cmsContracts, type Drugser, drugserContracts } from '@pharmacy/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import DrugserEditPage from './drugser-edit-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const member: Drugser = {
  id: 75,
  name: '田海燕',
  phone: '139****5768',
  id_number: '3101**********6146',
  gender: 'female',
  age: 79,
  relation: 'self',
  relation_label: '本人',
  customer_account_id: 9,
  customer_name: '田海燕',
  customer_phone: '139****5768',
  allergy_history: ['花粉'],
  family_medical_history: [],
  past_medical_history: ['高血压'],
  recipe_count: 1,
  created_at: '2025-07-10T03:10:00.000Z',
};
const recipes = [
  {
    id: 3,
    recipe_no: 'RX20261123000058',
    status: 'approved',
    status_label: '审核通过',
    pharmacy_name: '仁心大药房(上海浦东店)',
    doctor_name: '张明远',
    diagnoses: ['高血压'],
    items: [{ name: '硝苯地平缓释片', spec: '10mg*30片', qty: 2, usage: '1片 每日1次 口服 30天' }],
    created_at: '2026-11-23T03:58:00.000Z',
  },
];

const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderPage(url: string) {
  renderRoute(
    [
      { path: '/marketManage/drugser/edit', element: <DrugserEditPage /> },
      { path: '/marketManage/drugser', element: <div>列表</div> },
    ],
    { url, locale: null },
  );
}

setupRouteTest();
beforeEach(() => {
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    if (contract === drugserContracts.detail || contract === drugserContracts.adminDetail) {
      return Promise.resolve(member);
    }
    if (contract === drugserContracts.recipes || contract === drugserContracts.adminRecipes) {
      return Promise.resolve(recipes);
    }
    if (contract === drugserContracts.update) return Promise.resolve({ ...member, name: String(input?.name) });
    if (contract === cmsContracts.items) {
      return Promise.resolve({ data: [{ id: 1, status: 'published', sort: 1, name: '青霉素类' }] });
    }
    return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
  }) as typeof callApi);
});

describe('编辑用药人', () => {
  it('sends only what changed: the name, not the masked phone or ID number left empty', async () => {
    useSessionStore.setState({ token: 't', userInfo: testUser(), currentPharmacy: testPharmacy(7) });
    renderPage('/marketManage/drugser/edit?id=75');
    const name = await screen.findByLabelText('姓名', {}, WAIT);
    expect(await screen.findByText('硝苯地平缓释片（10mg*30片） ×2', {}, WAIT)).toBeTruthy();
    fireEvent.change(name, { target: { value: '田海燕燕' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsOf(drugserContracts.update)).toEqual([{ id: 75, name: '田海燕燕' }]), WAIT);
  }, 60_000);

  it('refuses a mistyped ID number before sending anything', async () => {
    useSessionStore.setState({ token: 't', userInfo: testUser(), currentPharmacy: testPharmacy(7) });
    renderPage('/marketManage/drugser/edit?id=75');
    const id = await screen.findByLabelText('身份证号', {}, WAIT);
    fireEvent.change(id, { target: { value: '110101198005051234' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('身份证号格式不正确', {}, WAIT)).toBeTruthy();
    expect(callsOf(drugserContracts.update)).toEqual([]);
  }, 60_000);

  it('shows the operator the member and prescriptions read-only', async () => {
    useSessionStore.setState({
      token: 't',
      userInfo: testUser({ roles: ['admin'], admin_permissions: ['all'], pharmacy_admin_permissions: {} }),
      currentPharmacy: null,
    });
    renderPage('/marketManage/drugser/edit?id=75');
    expect(await screen.findByText('用药人详情：田海燕', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('仁心大药房(上海浦东店)', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(callsOf(drugserContracts.adminDetail)).toEqual([{ id: 75 }]);
    expect(callsOf(drugserContracts.detail)).toEqual([]);
  }, 60_000);
});
