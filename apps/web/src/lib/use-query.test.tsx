import { keepPreviousData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useQuery } from './use-query';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Shows page 1's answer, then page 2's after a click; counts its renders. */
function PagedProbe({ answers, onRender }: { answers: Map<number, Deferred<string>>; onRender: () => void }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isPlaceholderData } = useQuery({
    queryKey: ['page', page],
    queryFn: () => (answers.get(page) as Deferred<string>).promise,
    placeholderData: keepPreviousData,
  });
  onRender();
  return (
    <button type="button" onClick={() => setPage(2)}>
      {isLoading ? '加载中' : `${data}${isPlaceholderData ? '（旧）' : ''}`}
    </button>
  );
}

function PlainProbe({ answer }: { answer: Deferred<string> }) {
  const { data } = useQuery({ queryKey: ['x'], queryFn: () => answer.promise });
  return <span>{data ?? '无'}</span>;
}

describe('useQuery (results rendered as transitions)', () => {
  it('shows loading, then the data; a new key keeps the previous data until its own arrives', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = new Map([1, 2].map((n) => [n, deferred<string>()]));
    let renders = 0;
    render(
      <QueryClientProvider client={client}>
        <PagedProbe answers={answers} onRender={() => renders++} />
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
    const view = render(
      <QueryClientProvider client={client}>
        <PlainProbe answer={answer} />
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
