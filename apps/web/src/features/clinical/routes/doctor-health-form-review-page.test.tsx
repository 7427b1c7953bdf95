import type { HealthFormPage, MyHealthEntry } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { type RealServer, startRealServer } from '../../../lib/testing/real-server';
import HealthFormReviewPage from './doctor-health-form-review-page';

/**
 * The doctor's review page against the real API server: the demo patient submits a form for 李建军 through the API,
 * the doctor it was assigned to (either demo doctor) opens it from the URL, must give a reason to reject it, rejects
 * it, and the patient then sees 已驳回 with that reason. No fixed sleeps: every wait polls with a deadline.
 */
const WAIT = { timeout: 20_000 };
const PATIENT = '13900000001';
const DOCTORS = ['13800000005', '13800000010'];

let server: RealServer;

beforeAll(async () => {
  installDomStubs();
  server = await startRealServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

beforeEach(() => {
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  configureHttp({ baseURL: server.url, retryDelayMs: 0 });
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  resetHttpConfig();
  unbindFeedback();
  useSessionStore.getState().clear();
});

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/doctor/healthFormReviewDoctor', element: <HealthFormReviewPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('health form review (real server)', { timeout: 120_000 }, () => {
  it('rejecting needs a reason; the patient then sees 已驳回 with it', async () => {
    const patient = await server.signIn(PATIENT);
    const mine = await server.api<MyHealthEntry[]>('GET', '/health_collection/mine', { token: patient.token });
    const father = mine.find((e) => e.family_member.name === '李建军')!.family_member.id;
    const { id } = await server.api<{ id: number }>('PUT', '/health_collection/mine', {
      token: patient.token,
      body: {
        family_member_id: father,
        answers: {
          height_cm: 171,
          weight_kg: 75.6,
          systolic: 146,
          diastolic: 92,
          smoking: 'quit',
          drinking: 'sometimes',
          exercise: 'weekly_1_2',
          chronic_conditions: ['高血压'],
          allergy_confirm: 'none',
        },
      },
    });

    // the doctor the form went to
    let doctor: Awaited<ReturnType<RealServer['signIn']>> | undefined;
    for (const phone of DOCTORS) {
      const session = await server.signIn(phone);
      const page = await server.api<HealthFormPage>('GET', '/health_collection?page_size=100', {
        token: session.token,
      });
      if (page.list.some((r) => r.id === id)) doctor = session;
    }
    expect(doctor).toBeDefined();
    useSessionStore.getState().setSession(doctor!.token, doctor!.user);

    const router = renderPage(`/doctor/healthFormReviewDoctor?action=form&id=${id}`);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    await within(dialog).findByText('146/92 mmHg', undefined, WAIT);
    expect(within(dialog).getByText('171.0 cm')).toBeTruthy();
    expect(within(dialog).getByText('25.9')).toBeTruthy(); // BMI 75.6 / 1.71²

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    });
    await within(dialog).findByText('请填写驳回原因', undefined, WAIT);

    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '血压请复测后填写' } });
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    });
    // the dialog closes (its action leaves the URL) once the server has rejected the form
    await waitFor(() => expect(router.state.location.search).not.toContain('action=form'), WAIT);

    const after = await server.api<MyHealthEntry[]>('GET', '/health_collection/mine', { token: patient.token });
    expect(after.find((e) => e.family_member.id === father)?.form).toMatchObject({
      id,
      status: 'rejected',
      reject_reason: '血压请复测后填写',
    });
  });
});
