import type { InspectionDetail, InspectionListResult } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy } from '../../../lib/testing/fixtures';
import { type RealServer, startRealServer } from '../../../lib/testing/real-server';
import PrescriptionApprovalPage from './prescription-approval-page';

/**
 * The page against the real API server (Fastify on a fresh PGlite database with the demo data, started once for this
 * file), signed in as the demo pharmacist 刘静怡 (13800000006) of the first demo pharmacy, whose seeded prescriptions
 * wait for inspection. Every wait polls the DOM with an explicit deadline, generous for a loaded 2-core machine.
 */
const WAIT = { timeout: 30_000 };
const PHARMACIST = '13800000006';
const PHARMACY = 1;

let server: RealServer;
let token: string;

beforeAll(async () => {
  installDomStubs();
  server = await startRealServer();
  token = (await server.signIn(PHARMACIST)).token;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function api<T>(method: string, url: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: { auth: token, pharmacyid: String(PHARMACY) },
  });
  const envelope = (await res.json()) as { code: number; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

beforeEach(async () => {
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  configureHttp({ baseURL: server.url, retryDelayMs: 0 });
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
  const { user } = await server.signIn(PHARMACIST);
  useSessionStore.getState().setSession(token, user);
  useSessionStore.getState().setCurrentPharmacy(testPharmacy(PHARMACY, '仁心大药房(上海浦东店)'));
});
afterEach(() => {
  cleanup();
  resetHttpConfig();
  unbindFeedback();
  useSessionStore.getState().clear();
});

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/chemist/prescription-approval', element: <PrescriptionApprovalPage /> }],
    {
      initialEntries: [url],
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const tab = (name: RegExp) => screen.getByText(name, { selector: '.ant-tabs-tab-btn' });
const button = (name: RegExp, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].find((b) => name.test((b.textContent ?? '').replace(/\s/g, ''))) as
    | HTMLElement
    | undefined;
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('prescription approval page (real server)', { timeout: 150_000 }, () => {
  it('lists 待审方 with the tab counts; 审方 opens the dialog; 驳回 asks for a reason; 通过 approves', async () => {
    const waiting = await api<InspectionListResult>('GET', '/recipe/pharmacist');
    expect(waiting.list.length).toBeGreaterThan(0);
    const first = waiting.list[0];
    const router = renderPage('/chemist/prescription-approval');
    await screen.findByText(first.recipe_no, undefined, WAIT);
    expect(tab(new RegExp(`^待审方 \\(${waiting.counts.pending_inspection}\\)$`))).toBeTruthy();
    expect(tab(new RegExp(`^全部 \\(${waiting.counts.all}\\)$`))).toBeTruthy();
    expect(screen.getByText(`共 ${waiting.total} 条`)).toBeTruthy();

    const row = screen.getByText(first.recipe_no).closest('tr') as HTMLElement;
    await click(button(/^审方$/, row)!);
    await waitFor(() => expect(router.state.location.search).toBe(`?action=inspect&id=${first.id}`), WAIT);
    await screen.findByText('处方与订单对照', undefined, WAIT);
    expect(screen.getByText('审方辅助')).toBeTruthy();
    // the aids ran again: they say what they found, or that they could not run
    await waitFor(
      () => expect(screen.queryByText(/审方辅助检查（本次）|审方辅助检查本次无法运行/)).not.toBeNull(),
      WAIT,
    );

    await click(button(/^驳回$/)!);
    const rejectDialog = (await screen.findByText(`驳回处方 · ${first.recipe_no}`, undefined, WAIT)).closest(
      '.ant-modal',
    ) as HTMLElement;
    await click(button(/^确认驳回$/, rejectDialog)!);
    await screen.findByText('请选择驳回原因', { selector: '.ant-form-item-explain-error' }, WAIT);
    await click(button(/^返回$/, rejectDialog)!);

    await click(button(/^通过$/, document.querySelector('.ant-modal-footer') as HTMLElement)!);
    const popover = await waitFor(() => {
      const el = document.querySelector('.ant-popover') as HTMLElement | null;
      expect(el).not.toBeNull();
      return el as HTMLElement;
    }, WAIT);
    await click(button(/^通过$/, popover)!);
    await waitFor(() => expect(router.state.location.search).toBe(''), WAIT);
    const after = await api<InspectionDetail>('GET', `/recipe/pharmacist/${first.id}`);
    expect(after.status).toBe('approved');
    expect(after.inspections[0]).toMatchObject({ decision: 'approve', pharmacist_name: '刘静怡' });
    await waitFor(
      () => expect(tab(new RegExp(`^待审方 \\(${waiting.counts.pending_inspection - 1}\\)$`))).toBeTruthy(),
      WAIT,
    );
  });
});
