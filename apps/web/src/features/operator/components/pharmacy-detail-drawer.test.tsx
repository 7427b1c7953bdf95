import { type AdminPharmacyDetail, adminPharmacyContracts } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { PharmacyDetailDrawer } from './pharmacy-detail-drawer';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 20_000 };
// a loaded machine renders antd slowly: each test gets a minute
const SLOW = 60_000;

const base: AdminPharmacyDetail = {
  id: 12,
  name: '杭州康宁大药房（文三路店）',
  logo_url: '',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路 478 号',
  phone: '0571-88231234',
  business_hours: '08:00-21:00',
  status: 'pending',
  status_reason: '',
  group: null,
  owner_name: '沈康宁',
  owner_phone: '138****0021',
  staff_count: 1,
  quote_count: 0,
  expired_count: 0,
  expiring_count: 0,
  applied_at: '2026-11-22T02:00:00.000Z',
  reviewed_at: null,
  created_at: '2026-11-22T02:00:00.000Z',
  business_licence_no: '91330106359409208K',
  drug_licence_no: '浙CB5710628',
  drug_licence_expire_at: '2031-11-20',
  drug_licence_state: 'valid',
  aptitude_images: [],
  cross_group: false,
  reviewer_name: '',
  checklist: [
    { kind: 'business_licence', label: '营业执照', checked: true, has_document: true },
    { kind: 'drug_trade_licence', label: '药品经营许可证', checked: false, has_document: true },
    { kind: 'internet_drug_info', label: '互联网药品信息服务资格证书', checked: false, has_document: false },
  ],
  checklist_complete: false,
  qualifications: [],
  staff: [],
  today: '2026-11-24',
  months: 6,
};

function renderDrawer(detail: AdminPharmacyDetail) {
  vi.mocked(callApi).mockImplementation((async (contract: unknown, input: { kind?: string; checked?: boolean }) => {
    if (contract === adminPharmacyContracts.detail) return detail;
    if (contract === adminPharmacyContracts.checklist) {
      return {
        ...detail,
        checklist: detail.checklist.map((c) => (c.kind === input.kind ? { ...c, checked: !!input.checked } : c)),
      };
    }
    if (contract === adminPharmacyContracts.approve) return { ...detail, status: 'active' };
    throw new Error('unexpected call');
  }) as never);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PharmacyDetailDrawer id={detail.id} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

beforeAll(() => installDomStubs());
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  const noop = () => undefined;
  bindFeedback({ message: { success: noop, error: noop, info: noop, warning: noop } as never });
  useSessionStore.setState({
    userInfo: { roles: ['admin'], admin_permissions: ['pharmacy'], permissions: {}, pharmacy_admin_permissions: {} },
  } as never);
});
afterEach(() => {
  cleanup();
  unbindFeedback();
});

describe('药店详情: the checklist gates 通过', () => {
  it(
    'keeps 通过 disabled until every required document is checked, and a document not on file cannot be checked',
    async () => {
      renderDrawer(base);
      const approve = await screen.findByRole('button', { name: /^通\s?过$/ }, WAIT);
      expect((approve as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText('请逐项核对必需资质后再通过')).toBeTruthy();
      const missing = screen.getByRole('checkbox', { name: /互联网药品信息服务资格证书/ }) as HTMLInputElement;
      expect(missing.disabled).toBe(true);

      fireEvent.click(screen.getByRole('checkbox', { name: /药品经营许可证/ }));
      await waitFor(
        () =>
          expect(vi.mocked(callApi).mock.calls).toContainEqual([
            adminPharmacyContracts.checklist,
            { id: 12, kind: 'drug_trade_licence', checked: true },
          ]),
        WAIT,
      );
    },
    SLOW,
  );

  it(
    'enables 通过 once the checklist is complete and approves',
    async () => {
      renderDrawer({
        ...base,
        checklist: base.checklist.map((c) => ({ ...c, checked: true, has_document: true })),
        checklist_complete: true,
      });
      const approve = await screen.findByRole('button', { name: /^通\s?过$/ }, WAIT);
      expect((approve as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(approve);
      await waitFor(
        () => expect(vi.mocked(callApi).mock.calls).toContainEqual([adminPharmacyContracts.approve, { id: 12 }]),
        WAIT,
      );
    },
    SLOW,
  );

  it(
    'shows the reason of a suspended pharmacy and offers 恢复营业 only',
    async () => {
      renderDrawer({ ...base, status: 'suspended', status_reason: '冷链记录不全，整改中' });
      expect(await screen.findByText('冷链记录不全，整改中', undefined, WAIT)).toBeTruthy();
      expect(screen.getByRole('button', { name: '恢复营业' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^通\s?过$/ })).toBeNull();
    },
    SLOW,
  );
});
