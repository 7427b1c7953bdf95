import type { PublicDoctor } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { doctorsQueryOptions } from '../../api/get-doctors';
import { HomeDoctors } from './home-doctors';

const doctors: PublicDoctor[] = [
  {
    id: 1,
    name: '张明远',
    title: '主治医师',
    hospital: '北京怡康互联网医院',
    department: '全科医学科',
    intro: '全科医学科主治医师，从事全科临床工作 12 年。',
    avatar_url: null,
  },
  { id: 2, name: '李文博', title: '', hospital: '', department: '', intro: '', avatar_url: '/demo/missing.png' },
];

function renderBlock(list: PublicDoctor[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(doctorsQueryOptions().queryKey, list);
  render(
    <QueryClientProvider client={client}>
      <HomeDoctors />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('HomeDoctors (首页医生团队)', () => {
  it('shows each doctor: name, title, hospital and department, intro; the initial stands in for a missing avatar', () => {
    renderBlock(doctors);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]);
    expect(first.getByText('张明远')).toBeTruthy();
    expect(first.getByText('· 主治医师', { normalizer: (s) => s.trim() })).toBeTruthy();
    expect(first.getByText('北京怡康互联网医院 · 全科医学科')).toBeTruthy();
    expect(first.getByText(/从事全科临床工作 12 年/)).toBeTruthy();
    expect(first.getByRole('img', { name: '张明远的头像' }).textContent).toBe('张');
    expect(screen.queryByText(/建设中/)).toBeNull();
  });

  it('an avatar that fails to load falls back to the initial; no hospital reads 平台执业医生', () => {
    renderBlock(doctors);
    const second = within(screen.getAllByRole('listitem')[1]);
    const image = second.getByRole('img', { name: '李文博的头像' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    expect(second.getByRole('img', { name: '李文博的头像' }).textContent).toBe('李');
    expect(second.getByText('平台执业医生')).toBeTruthy();
  });

  it('no doctor: 暂无数据', () => {
    renderBlock([]);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
