import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet';
import type { RouteHandle } from './route-meta';

afterEach(cleanup);

const effects: string[] = [];

function DraftPage() {
  const [value, setValue] = useState('');
  useEffect(() => {
    effects.push('start');
    return () => {
      effects.push('stop');
    };
  }, []);
  return <input aria-label="备注草稿" value={value} onChange={(e) => setValue(e.target.value)} />;
}

function PlainPage({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={label} value={value} onChange={(e) => setValue(e.target.value)} />;
}

const meta = (m: RouteHandle['meta']): RouteHandle => ({ meta: m });

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <KeepAliveOutlet />,
        children: [
          {
            path: '/detail',
            handle: meta({ title: '下单详情', keepAlive: 'CreateOrderDetail' }),
            element: <DraftPage />,
          },
          { path: '/list', handle: meta({ title: '列表' }), element: <PlainPage label="列表筛选" /> },
        ],
      },
    ],
    { initialEntries: ['/detail'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeepAliveOutlet', () => {
  it('keeps a keep-alive page’s state while the user is elsewhere', async () => {
    const router = setup();
    fireEvent.change(screen.getByLabelText('备注草稿'), { target: { value: '给客户回电' } });

    await act(() => router.navigate('/list'));
    expect(screen.getByLabelText('列表筛选')).toBeTruthy();
    const hidden = screen.getByLabelText('备注草稿') as HTMLInputElement;
    expect(hidden.style.display).toBe('none');

    await act(() => router.navigate('/detail'));
    const shown = screen.getByLabelText('备注草稿') as HTMLInputElement;
    expect(shown.value).toBe('给客户回电');
    expect(shown.style.display).not.toBe('none');
  });

  it('does not keep ordinary pages', async () => {
    const router = setup();
    await act(() => router.navigate('/list'));
    fireEvent.change(screen.getByLabelText('列表筛选'), { target: { value: '布洛芬' } });
    await act(() => router.navigate('/detail'));
    expect(screen.queryByLabelText('列表筛选')).toBeNull();
    await act(() => router.navigate('/list'));
    expect((screen.getByLabelText('列表筛选') as HTMLInputElement).value).toBe('');
  });

  it('tears down a hidden page’s effects and restarts them when it is shown again', async () => {
    effects.length = 0;
    const router = setup();
    expect(effects).toEqual(['start']);
    await act(() => router.navigate('/list'));
    expect(effects).toEqual(['start', 'stop']);
    await act(() => router.navigate('/detail'));
    expect(effects).toEqual(['start', 'stop', 'start']);
  });
});
