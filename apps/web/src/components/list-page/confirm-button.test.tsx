import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs } from '../../lib/testing/dom';
import { ConfirmButton } from './confirm-button';

beforeAll(installDomStubs);
afterEach(cleanup);

const inChinese = (node: ReactNode) => render(<ConfigProvider locale={zhCN}>{node}</ConfigProvider>);

describe('ConfirmButton', () => {
  it('mounts no popup until used, then asks before acting', async () => {
    const onConfirm = vi.fn();
    inChinese(
      <ConfirmButton title="确定删除这条消息吗？" onConfirm={onConfirm} danger>
        删除
      </ConfirmButton>,
    );
    expect(screen.queryByText('确定删除这条消息吗？')).toBeNull();
    expect(document.querySelector('.ant-popover')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    });
    await waitFor(() => expect(screen.getByText('确定删除这条消息吗？')).toBeTruthy());
    // The button that was pressed keeps the focus after the popup's trigger replaced it.
    expect(document.activeElement?.textContent?.replace(/\s/g, '')).toBe('删除');
    expect(onConfirm).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the question is cancelled', async () => {
    const onConfirm = vi.fn();
    inChinese(
      <ConfirmButton title="确定删除吗？" onConfirm={onConfirm}>
        删除
      </ConfirmButton>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    });
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
