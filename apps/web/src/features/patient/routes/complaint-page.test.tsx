import { type MyReport, reportContracts } from '@pharmacy/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import ComplaintPage from './complaint-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const processed: MyReport = {
  id: 3,
  target_kind: 'doctor',
  target_id: 1,
  target_label: '张明远',
  category: '处方问题',
  content: '处方剂量和医院开的不一样',
  images: [],
  contact_phone: '13900000001',
  status: 'rejected',
  result: '处方剂量符合诊疗规范',
  handled_at: '2026-11-21T02:00:00.000Z',
  created_at: '2026-11-20T02:00:00.000Z',
};
const pending: MyReport = {
  ...processed,
  id: 4,
  target_kind: 'order',
  target_id: 90,
  target_label: '202611250000000310',
  category: '发货慢',
  content: '付款三天了还没有发货',
  status: 'pending',
  result: '',
  handled_at: null,
};

function renderPage(url: string) {
  vi.mocked(callApi).mockImplementation(((contract: unknown, input: { kind?: string }) => {
    if (contract === reportContracts.mine)
      return Promise.resolve({ list: [processed], total: 1, page: 1, page_size: 100 });
    if (contract === reportContracts.targets)
      return Promise.resolve(
        input.kind === 'order'
          ? [{ kind: 'order', id: 90, label: '202611250000000310', description: '仁心大药房 · 下单于 2026-11-25' }]
          : [],
      );
    if (contract === reportContracts.create) return Promise.resolve(pending);
    return Promise.resolve(null);
  }) as typeof callApi);
  return renderRoute(<ComplaintPage />, { path: '/patient/complaint', url, user: testUser({ roles: [] }) });
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();

describe('投诉建议 (patient)', { timeout: 120_000 }, () => {
  it('lists my complaints with the status and the platform’s answer', async () => {
    renderPage('/patient/complaint');
    await screen.findByText('医生 · 张明远', {}, WAIT);
    expect(screen.getByText('已驳回')).toBeTruthy();
    expect(screen.getByText('驳回原因')).toBeTruthy();
    expect(screen.getByText('处方剂量符合诊疗规范')).toBeTruthy();
    expect(calls(reportContracts.targets)).toHaveLength(0);
  });

  it('a link naming an order opens the form with it chosen; the form checks, then submits the complaint', async () => {
    const router = renderPage('/patient/complaint?kind=order&id=90');
    const sheet = await screen.findByRole('dialog', {}, WAIT);
    await within(sheet).findByText('202611250000000310', {}, WAIT);
    expect(calls(reportContracts.targets)[0]![1]).toEqual({ kind: 'order' });

    fireEvent.click(within(sheet).getByRole('button', { name: '提交投诉' }));
    expect(await within(sheet).findByText('请选择投诉类型', {}, WAIT)).toBeTruthy();
    expect(await within(sheet).findByText('请填写投诉内容', {}, WAIT)).toBeTruthy();
    expect(calls(reportContracts.create)).toHaveLength(0);

    fireEvent.mouseDown(within(sheet).getByRole('combobox', { name: '投诉类型' }));
    fireEvent.click(await screen.findByTitle('发货慢', {}, WAIT));
    fireEvent.change(within(sheet).getByLabelText('投诉内容'), { target: { value: '付款三天了还没有发货' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '提交投诉' }));
    await waitFor(() => expect(calls(reportContracts.create)).toHaveLength(1), WAIT);
    expect(calls(reportContracts.create)[0]![1]).toEqual({
      target_kind: 'order',
      target_id: 90,
      category: '发货慢',
      content: '付款三天了还没有发货',
      images: [],
      contact_phone: '',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''), WAIT);
  });
});
