import { pageQuerySchema } from '@pharmacy/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installDomStubs } from '../../lib/testing/dom';
import { ListPage } from './list-page';
import { sortParam } from './list-query';
import { useListPage } from './use-list-page';

interface Row {
  id: number;
  name: string;
  price: number;
}
const allRows: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `行${i + 1}`, price: 100 - i }));
const schema = pageQuerySchema.extend({
  keyword: z.string().optional(),
  sort: sortParam(['price']),
});

function Demo({ canEdit }: { canEdit: boolean }) {
  const list = useListPage({ querySchema: schema });
  const filtered = allRows.filter((r) => !list.query.keyword || r.name.includes(list.query.keyword));
  const sorted = list.sort
    ? [...filtered].sort((a, b) => (a.price - b.price) * (list.sort?.order === 'asc' ? 1 : -1))
    : filtered;
  const from = (list.query.page - 1) * list.query.page_size;
  return (
    <ListPage<Row, z.output<typeof schema>>
      label="测试列表"
      list={list}
      rowKey="id"
      columns={[
        { key: 'name', title: '名称', dataIndex: 'name' },
        { key: 'price', title: '价格', dataIndex: 'price', sorter: true },
      ]}
      rows={sorted.slice(from, from + list.query.page_size)}
      total={sorted.length}
      filters={
        <Form.Item name="keyword" label="名称">
          <Input />
        </Form.Item>
      }
      scope={(p?: string) => p !== 'edit' || canEdit}
      rowActions={[
        { key: 'view', label: '查看' },
        { key: 'edit', label: '编辑', permission: 'edit' },
      ]}
      dialogs={{
        view: {
          render: ({ id, close }) => (
            <div role="dialog" aria-label={`查看 ${id}`}>
              <button type="button" onClick={close}>
                关闭
              </button>
            </div>
          ),
        },
        edit: { permission: 'edit', render: ({ id }) => <div role="dialog" aria-label={`编辑 ${id}`} /> },
      }}
    />
  );
}

function setup(url: string, canEdit = true) {
  const router = createMemoryRouter([{ path: '/list', element: <Demo canEdit={canEdit} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return { search: () => router.state.location.search };
}

beforeAll(installDomStubs);
afterEach(cleanup);

// antd in jsdom is slow to render the first time (CSS-in-JS); queries avoid getByRole over the whole page.
describe('ListPage', { timeout: 30_000 }, () => {
  it('shows 共 N 条 and 条/页, on the page the URL names', () => {
    setup('/list?page=2&page_size=10');
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(screen.getAllByText('10 条/页').length).toBeGreaterThan(0);
    expect(screen.getByText('行11')).toBeTruthy();
    expect(screen.queryByText('行1')).toBeNull();
  });

  it('falls back to defaults for invalid URL values', () => {
    setup('/list?page=zzz&page_size=-1');
    expect(screen.getByText('行1')).toBeTruthy();
    expect(screen.getByText('行20')).toBeTruthy();
    expect(screen.queryByText('行21')).toBeNull();
  });

  it('writes a page change to the URL', () => {
    const { search } = setup('/list?page_size=10');
    act(() => {
      fireEvent.click(screen.getByTitle('3'));
    });
    expect(search()).toBe('?page=3&page_size=10');
    expect(screen.getByText('行21')).toBeTruthy();
  });

  it('writes sort and filters to the URL and goes back to page 1', async () => {
    const { search } = setup('/list?page=2');
    act(() => {
      fireEvent.click(screen.getAllByText('价格')[0]);
    });
    expect(search()).toBe('?sort=price%3Aasc');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '行4' } });
    await act(async () => {
      fireEvent.click(document.querySelector('button[type=submit]') as HTMLElement);
    });
    await screen.findByText('共 7 条');
    expect(search()).toBe('?sort=price%3Aasc&keyword=%E8%A1%8C4');
    await act(async () => {
      fireEvent.click(screen.getByText(/^重\s*置$/));
    });
    expect(search()).toBe('?sort=price%3Aasc');
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('');
  });

  it('opens the dialog the URL names, and closes it back into the URL', () => {
    const { search } = setup('/list?page=2&action=view&id=7');
    expect(screen.getByLabelText('查看 7')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByText('关闭'));
    });
    expect(search()).toBe('?page=2');
    const row = screen.getByText('行22').closest('tr') as HTMLElement;
    act(() => {
      fireEvent.click(within(row).getByText(/^查\s*看$/));
    });
    expect(search()).toBe('?page=2&action=view&id=22');
    expect(screen.getByLabelText('查看 22')).toBeTruthy();
  });

  it('hides row actions and dialogs the permission function refuses', () => {
    setup('/list?action=edit&id=1', false);
    expect(document.querySelector('[role=dialog]')).toBeNull();
    const row = screen.getByText('行1').closest('tr') as HTMLElement;
    expect(within(row).queryByText(/^编\s*辑$/)).toBeNull();
    expect(within(row).getByText(/^查\s*看$/)).toBeTruthy();
  });

  it('moves a page past the end to the last page', () => {
    const { search } = setup('/list?page=9');
    expect(search()).toBe('?page=3');
  });
});
