import { platformColumnContracts } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { ApiError, callApi } from '../../../lib/http';
import { installDomStubs } from '../../../lib/testing/dom';
import { PlatformColumnRejectDialog } from './platform-column-reject-dialog';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 20_000 };
const column = { id: 9, title: '控糖训练营', pharmacy_name: '康心大药房（北京店）' };
const successes: string[] = [];

function renderDialog(onClose = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PlatformColumnRejectDialog column={column} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

beforeAll(() => installDomStubs());
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  successes.length = 0;
  const noop = () => undefined;
  bindFeedback({
    message: {
      success: (t: unknown) => void successes.push(String(t)),
      error: noop,
      info: noop,
      warning: noop,
    } as never,
  });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
});

describe('驳回 dialog', () => {
  it('requires a reason and sends nothing without one', async () => {
    const onClose = renderDialog();
    expect(screen.getByText('药店：康心大药房（北京店）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await screen.findByText('请填写驳回原因', undefined, WAIT);
    expect(callApi).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason, then closes', async () => {
    vi.mocked(callApi).mockResolvedValue({ id: 9, status: 'rejected' } as never);
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '  封面图片不清晰，请更换  ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    expect(vi.mocked(callApi).mock.calls).toEqual([
      [platformColumnContracts.reject, { id: 9, reason: '封面图片不清晰，请更换' }],
    ]);
    expect(successes).toEqual(['已驳回']);
  });

  it('keeps the dialog open when the server refuses (already decided), and puts a field refusal on the field', async () => {
    vi.mocked(callApi).mockRejectedValueOnce(
      new ApiError({
        httpCode: 409,
        message: 'conflict',
        msg: '该专栏不在待审核状态',
        responseData: { code: 409, msg: '该专栏不在待审核状态' },
      }),
    );
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '资料不全' } });
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(callApi).toHaveBeenCalledTimes(1), WAIT);
    expect(onClose).not.toHaveBeenCalled();

    vi.mocked(callApi).mockRejectedValueOnce(
      new ApiError({
        httpCode: 400,
        message: 'bad params',
        msg: '驳回原因最多 500 字',
        responseData: { code: 400, msg: '驳回原因最多 500 字' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await screen.findByText('驳回原因最多 500 字', undefined, WAIT);
    expect(onClose).not.toHaveBeenCalled();
  });
});
