import { type HealthReviewDetail, type HealthReviewPage, healthReviewContracts } from '@pharmacy/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import HealthFormReviewPage from './health-form-review-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const row = {
  id: 21,
  family_member_id: 7,
  patient_name: '李建军',
  gender: 'male',
  age: 64,
  status: 'submitted' as const,
  submitted_at: '2026-11-23T02:35:00.000Z',
  reviewed_at: null,
  reject_reason: '',
  systolic: 150,
  diastolic: 95,
  blood_sugar: '6.1',
  height_cm: '174.0',
  weight_kg: '83.4',
  bmi: '27.5',
  account_id: 9,
  account_name: '李小华',
  account_phone: '139****0001',
  relation: 'father',
  doctor_name: '张明远',
};
const page: HealthReviewPage = {
  list: [row],
  total: 1,
  page: 1,
  page_size: 20,
  counts: { submitted: 1, approved: 3, rejected: 2 },
};
const detail: HealthReviewDetail = {
  ...row,
  answers: { height_cm: 174, weight_kg: 83.4, systolic: 150, diastolic: 95, note: '每天早晚在家自测血压' },
  patient: {
    family_member_id: 7,
    name: '李建军',
    gender: 'male',
    age: 64,
    allergy_history: [],
    family_medical_history: ['高血压'],
    past_medical_history: ['原发性高血压'],
  },
};

function renderPage(url = '/marketManage/healthFormReview') {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === healthReviewContracts.list) return Promise.resolve(page);
    if (contract === healthReviewContracts.detail) return Promise.resolve(detail);
    if (contract === healthReviewContracts.approve) return Promise.resolve({ id: 21, status: 'approved' });
    if (contract === healthReviewContracts.reject) return Promise.resolve({ id: 21, status: 'rejected' });
    return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
  }) as typeof callApi);
  renderRoute(<HealthFormReviewPage />, {
    path: '/marketManage/healthFormReview',
    url,
    user: testUser(),
    pharmacy: { ...testPharmacy(7), role: 'manager' },
  });
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();

describe('health form review page', { timeout: 120_000 }, () => {
  it('shows the tabs with counts and the row; 审核 opens the drawer and 通过 approves', async () => {
    renderPage();
    const tr = (await screen.findByText('李建军', {}, WAIT)).closest('tr') as HTMLElement;
    expect(screen.getByRole('tab', { name: '待审核 (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '审核通过 (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '已驳回 (2)' })).toBeTruthy();
    expect(within(tr).getByText('139****0001')).toBeTruthy();
    expect(within(tr).getByText('父亲')).toBeTruthy();

    fireEvent.click(within(tr).getByRole('button', { name: /审\s*核/ }));
    expect(await screen.findByText('每天早晚在家自测血压', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('健康表详情')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(calls(healthReviewContracts.approve)).toHaveLength(1));
    expect(calls(healthReviewContracts.approve)[0][1]).toEqual({ id: 21 });
  });

  it('驳回 needs a reason before it is sent', async () => {
    renderPage('/marketManage/healthFormReview?action=review&id=21');
    await screen.findByText('每天早晚在家自测血压', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /^驳\s*回$/ }));
    const dialog = (await screen.findByText('驳回健康表')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(calls(healthReviewContracts.reject)).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '血压偏高，请复测' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    await waitFor(() => expect(calls(healthReviewContracts.reject)).toHaveLength(1));
    expect(calls(healthReviewContracts.reject)[0][1]).toEqual({ id: 21, reason: '血压偏高，请复测' });
  });
});
