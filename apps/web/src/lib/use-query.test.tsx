import { keepPreviousData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useQuery } from './use-query';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('useQuery (results rendered as transitions)', () => {
  it('shows loading, then the data; a new key keeps the previous data until its own arrives', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = new Map([1, 2].map((n) => [n, deferred<string>()]));
    let renders = 0;
    function Probe() {
      const [page, setPage] = useState(1);
      const { data, isLoading, isPlaceholderData } = useQuery({
        queryKey: ['page', page],
        queryFn: () => (answers.get(page) as ReturnType<typeof deferred<string>>).promise,
        placeholderData: keepPreviousData,
      });
      renders++;
      return (
        <button type="button" onClick={() => setPage(2)}>
          {isLoading ? '加载中' : `${data}${isPlaceholderData ? '（旧）' : ''}`}
        </button>
      );
    }
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('加载中');
    await act(async () => answers.get(1)?.resolve('第一页'));
    expect(await screen.findByText('第一页')).toBeTruthy();

    await act(async () => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('第一页（旧）');
    await act(async () => answers.get(2)?.resolve('第二页'));
    expect(await screen.findByText('第二页')).toBeTruthy();

    // An invalidation refetches and shows the new answer.
    const before = renders;
    answers.set(2, deferred<string>());
    await act(async () => {
      void client.invalidateQueries({ queryKey: ['page', 2] });
    });
    await act(async () => answers.get(2)?.resolve('第二页（新）'));
    expect(await screen.findByText('第二页（新）')).toBeTruthy();
    expect(renders).toBeGreaterThan(before);
  });

  it('stops listening when the component unmounts', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answer = deferred<string>();
    function Probe() {
      const { data } = useQuery({ queryKey: ['x'], queryFn: () => answer.promise });
      return <span>{data ?? '无'}</span>;
    }
    const view = render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['x'] })
        ?.getObserversCount(),
    ).toBe(1);
    view.unmount();
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['x'] })
        ?.getObserversCount(),
    ).toBe(0);
    await act(async () => answer.resolve('完成'));
  });
});
