import {
  type AdminReport,
  type AdminReportDetail,
  pharmacyDirectoryContracts,
  reportContracts,
} from '@pharmacy/shared';
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

const pending: AdminReport = {
  id: 7,
  target_kind: 'order',
  target_id: 90,
  target_label: '202611250000000310',
  pharmacy_id: 1,
  pharmacy_name: '仁心大药房(上海浦东店)',
  category: '药品质量问题',
  content: '收到的药品外包装有明显挤压破损',
  image_count: 1,
  reporter_name: '李小华',
  reporter_phone: '139****0001',
  status: 'pending',
  result: '',
  handler_name: null,
  handled_at: null,
  created_at: '2026-11-20T02:00:00.000Z',
};
const processed: AdminReport = {
  ...pending,
  id: 8,
  target_kind: 'doctor',
  target_label: '张明远',
  pharmacy_id: null,
  pharmacy_name: null,
  category: '回复不及时',
  content: '等了一整天医生才处理',
  image_count: 0,
  status: 'processed',
  result: '已增加排班',
  handler_name: '赵运营',
  handled_at: '2026-11-21T02:00:00.000Z',
};
const detail: AdminReportDetail = {
  ...pending,
  images: ['/api/v1/upload/aaaaaaaaaaaaaaaaaaaaaaaa.png'],
  contact_phone: '139****0001',
  target: {
    kind: 'order',
    id: 90,
    exists: true,
    label: '202611250000000310',
    order_no: '202611250000000310',
    order_status: 'shipped',
    order_amount: '59.87',
    order_created_at: '2026-11-19T02:00:00.000Z',
    pharmacy_name: '仁心大药房(上海浦东店)',
    pharmacy_status: 'active',
    doctor_name: null,
    doctor_hospital: null,
    doctor_department: null,
    doctor_title: null,
    live_title: null,
    live_start_at: null,
    live_lecturer: null,
  },
};

function renderPage(url: string, keys: string[] = ['report']) {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === reportContracts.adminList)
      return Promise.resolve({
        list: [pending, processed],
        total: 2,
        page: 1,
        page_size: 20,
        counts: { all: 2, pending: 1, processed: 1, rejected: 0 },
      });
    if (contract === reportContracts.adminDetail) return Promise.resolve(detail);
    if (contract === reportContracts.process) return Promise.resolve({ ...detail, status: 'processed' });
    if (contract === pharmacyDirectoryContracts.list)
      return Promise.resolve({ list: [{ id: 1, name: '仁心大药房(上海浦东店)' }], total: 1, page: 1, page_size: 100 });
    return Promise.resolve(null);
  }) as typeof callApi);
  return renderRoute(<ComplaintPage />, {
    path: '/website/complaint',
    url,
    user: testUser({ roles: ['admin'], admin_permissions: keys }),
  });
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();

describe('投诉管理 (operator)', { timeout: 120_000 }, () => {
  it('reads its filters from the URL, shows the tabs with counts; only a pending complaint offers 处理 / 驳回', async () => {
    renderPage('/website/complaint?status=all&target_kind=order&keyword=0001&date_from=2026-11-01');
    await screen.findByText('202611250000000310', {}, WAIT);
    expect(calls(reportContracts.adminList)[0]![1]).toMatchObject({
      status: 'all',
      target_kind: 'order',
      keyword: '0001',
      date_from: '2026-11-01',
    });
    for (const tab of ['全部 2', '待处理 1', '已处理 1', '已驳回 0']) expect(screen.getByText(tab)).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const pendingRow = rows.find((r) => within(r).queryByText('202611250000000310'))!;
    const processedRow = rows.find((r) => within(r).queryByText('张明远'))!;
    expect(within(pendingRow).getByRole('button', { name: /处\s*理/ })).toBeTruthy();
    expect(within(processedRow).queryByRole('button', { name: /处\s*理/ })).toBeNull();
    expect(within(processedRow).getByText(/已增加排班/)).toBeTruthy();
    expect(screen.getAllByText('139****0001').length).toBeGreaterThan(0);
  });

  it('opens the detail from the URL; 处理 requires a result and sends it', async () => {
    renderPage('/website/complaint?action=detail&id=7');
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('订单信息', {}, WAIT);
    expect(calls(reportContracts.adminDetail)[0]![1]).toEqual({ id: 7 });
    expect(within(drawer).getByText('已发货')).toBeTruthy();
    expect(within(drawer).getByText('¥59.87')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /处\s*理/ }));
    await screen.findByText('处理投诉', {}, WAIT);
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText('处理投诉'))!;
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    expect(await within(dialog).findByText('请填写处理结果', {}, WAIT)).toBeTruthy();
    expect(calls(reportContracts.process)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('处理结果'), { target: { value: ' 已督促药店补发 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认处理/ }));
    await waitFor(() => expect(calls(reportContracts.process)).toHaveLength(1), WAIT);
    expect(calls(reportContracts.process)[0]![1]).toEqual({ id: 7, result: '已督促药店补发' });
  });

  it('an operator without report sees 无权访问 and calls nothing', async () => {
    renderPage('/website/complaint', ['task']);
    expect(await screen.findByText('无权访问', {}, WAIT)).toBeTruthy();
    expect(calls(reportContracts.adminList)).toHaveLength(0);
  });
});
