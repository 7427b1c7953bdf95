import { act, cleanup, render } from '@testing-library/react';
import { Activity } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeptSearch } from './use-kept-search';

afterEach(cleanup);

function KeptPage() {
  useKeptSearch('/kept');
  return null;
}

/** The kept page stays rendered, hidden while another path is shown (as the layout's KeepAliveOutlet does). */
function Shell() {
  const { pathname } = useLocation();
  return (
    <>
      <Activity mode={pathname === '/kept' ? 'visible' : 'hidden'}>
        <KeptPage />
      </Activity>
      {pathname === '/kept' ? null : <p>其他页面</p>}
    </>
  );
}

const setup = (url: string) => {
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('useKeptSearch', () => {
  it('restores the last search when the page is shown again by its bare path', async () => {
    const router = setup('/kept?keyword=8826');
    await act(() => router.navigate('/kept?keyword=8826&page=2'));
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/kept'));
    expect(router.state.location.pathname).toBe('/kept');
    expect(router.state.location.search).toBe('?keyword=8826&page=2');
  });

  it('keeps a search given on the way back, and never rewrites the bare path on a first visit', async () => {
    const router = setup('/kept');
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate('/kept?tag=复购'));
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/kept?tag=宝妈'));
    expect(router.state.location.search).toBe('?tag=宝妈');
  });
});
