import type { MyPharmacy, UserInfo } from '@pharmacy/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../lib/feedback';
import { useSessionStore } from '../lib/session-store';
import { installDomStubs } from '../lib/testing/dom';
import { CopyButton } from './copy-button';
import { ImageViewer } from './image-viewer';
import { ImageWithFallback } from './image-with-fallback';
import { PermissionGate } from './permission-gate';

const messages = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };

beforeAll(installDomStubs);
beforeEach(() => {
  for (const fn of Object.values(messages)) fn.mockReset();
  bindFeedback({ message: messages as never });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
  vi.unstubAllGlobals();
});

describe('ImageWithFallback', () => {
  it('shows 图片加载失败 when the image fails to load', () => {
    render(<ImageWithFallback src="/missing.png" alt="处方图片" />);
    fireEvent.error(screen.getByAltText('处方图片'));
    expect(screen.getByRole('img', { name: '处方图片：图片加载失败' }).textContent).toBe('图片加载失败');
  });

  it('shows a neutral placeholder, not an error, when there is no image', () => {
    for (const src of ['', undefined]) {
      render(<ImageWithFallback src={src} alt="康宁大药房" width={48} height={48} />);
      expect(screen.getByRole('img', { name: '康宁大药房：暂无图片' })).toBeTruthy();
      expect(screen.queryByText('图片加载失败')).toBeNull();
      cleanup();
    }
  });

  it('loads a new src after a failed one', () => {
    const { rerender } = render(<ImageWithFallback src="/missing.png" alt="药品图片" />);
    fireEvent.error(screen.getByAltText('药品图片'));
    rerender(<ImageWithFallback src="/ok.png" alt="药品图片" />);
    expect(screen.getByAltText('药品图片').getAttribute('src')).toBe('/ok.png');
  });
});

describe('CopyButton', () => {
  it('says 复制成功 after copying, for 3 s', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<CopyButton text="SF1234567890" label="复制运单号" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制运单号' })));
    expect(writeText).toHaveBeenCalledWith('SF1234567890');
    expect(messages.success).toHaveBeenCalledWith('复制成功', 3);
  });

  it('says 复制失败 when neither clipboard way works', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    document.execCommand = vi.fn().mockReturnValue(false);
    render(<CopyButton text="x" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制' })));
    expect(messages.error).toHaveBeenCalledWith('复制失败', 3);
  });
});

describe('ImageViewer', () => {
  it('zooms between 1× and 5× and no further', async () => {
    render(<ImageViewer open src="/p.png" alt="处方" onClose={() => undefined} />);
    const img = await screen.findByAltText('处方');
    const zoomIn = screen.getByRole('button', { name: '放大' });
    const zoomOut = screen.getByRole('button', { name: '缩小' });
    expect(img.getAttribute('data-zoom')).toBe('1');
    expect((zoomOut as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 20; i++) fireEvent.click(zoomIn);
    expect(img.getAttribute('data-zoom')).toBe('5');
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 3; i++) fireEvent.wheel(img, { deltaY: 100 });
    expect(img.getAttribute('data-zoom')).toBe('3.5');
    for (let i = 0; i < 20; i++) fireEvent.wheel(img, { deltaY: 100 });
    expect(img.getAttribute('data-zoom')).toBe('1');
  });
});

describe('PermissionGate', () => {
  const user = (over: Partial<UserInfo>): UserInfo => ({
    id: 1,
    phone: '13800000003',
    phone_user_id: 'u',
    name: '',
    head_img_url: '',
    e_commerce: false,
    is_customer_service: false,
    is_doctor: false,
    is_manager: true,
    is_pharmacist: false,
    is_shop: false,
    roles: ['manager'],
    permissions: { '5': ['order_read_pharmacy'] },
    pharmacy_admin_permissions: {},
    admin_permissions: [],
    pharmacy_info: null,
    ...over,
  });
  const pharmacy = (id: number): MyPharmacy => ({
    id,
    name: 'p',
    logo_url: '',
    city: '',
    role: 'manager',
    permissions: [],
  });

  beforeEach(() => {
    useSessionStore.getState().hydrateSession();
    useSessionStore.getState().clear();
  });

  it('checks the key against the current pharmacy', () => {
    useSessionStore.getState().setSession('t', user({}));
    useSessionStore.getState().setCurrentPharmacy(pharmacy(5));
    render(
      <>
        <PermissionGate permission="order_read_pharmacy">
          <span>订单</span>
        </PermissionGate>
        <PermissionGate permission="finance" fallback={<span>无权限</span>}>
          <span>财务</span>
        </PermissionGate>
      </>,
    );
    expect(screen.getByText('订单')).toBeTruthy();
    expect(screen.queryByText('财务')).toBeNull();
    expect(screen.getByText('无权限')).toBeTruthy();
    act(() => useSessionStore.getState().setCurrentPharmacy(pharmacy(6)));
    expect(screen.queryByText('订单')).toBeNull();
  });

  it('lets shop through and denies a signed-out user', () => {
    render(
      <PermissionGate permission="finance">
        <span>财务</span>
      </PermissionGate>,
    );
    expect(screen.queryByText('财务')).toBeNull();
    act(() => useSessionStore.getState().setSession('t', user({ roles: ['shop'], permissions: {} })));
    expect(screen.getByText('财务')).toBeTruthy();
  });
});
