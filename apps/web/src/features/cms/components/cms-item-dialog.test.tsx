import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { installDomStubs } from '../../../lib/testing/dom';
import type { FormField } from './cms-form-fields';
import { CmsItemDialog } from './cms-item-dialog';

const fields: FormField[] = [
  { name: 'title', kind: 'text', required: true },
  { name: 'link', kind: 'text', required: false },
];

const escaped = vi.fn();
beforeAll(installDomStubs);
beforeEach(() => {
  escaped.mockReset();
  process.on('unhandledRejection', escaped);
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
  process.off('unhandledRejection', escaped);
});

function renderDialog(item?: { id: number } & Record<string, unknown>) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CmsItemDialog
        collection="home_swiper"
        collectionLabel="首页轮播图"
        fields={fields}
        item={item}
        nextSort={1}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return onClose;
}

async function save() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));
  // Let a rejection that nothing caught reach the process before looking.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

describe('CmsItemDialog', { timeout: 30_000 }, () => {
  it('shows 请填写标题 on the field, not the error page, when 标题 is empty', async () => {
    const onClose = renderDialog();
    await save();
    expect(await screen.findByText('请填写标题')).toBeTruthy();
    expect(escaped).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a javascript: link on the field', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '春季健康节' } });
    fireEvent.change(screen.getByLabelText('链接'), { target: { value: 'javascript:alert(1)' } });
    await save();
    expect(await screen.findByText('链接须以 / 或 https:// 开头')).toBeTruthy();
    expect(escaped).not.toHaveBeenCalled();
  });

  it('asks for 标题 again when it is cleared while editing', async () => {
    renderDialog({ id: 3, title: '夏季专场', link: '/medicine/list' });
    const title = screen.getByLabelText('标题') as HTMLInputElement;
    expect(title.value).toBe('夏季专场');
    fireEvent.change(title, { target: { value: '' } });
    await save();
    expect(await screen.findByText('请填写标题')).toBeTruthy();
    expect(escaped).not.toHaveBeenCalled();
  });
});
