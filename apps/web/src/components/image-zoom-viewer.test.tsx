import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomStubs } from '../lib/testing/dom';
import { mergeImages } from './image-merge';
import { ImageZoomViewer } from './image-zoom-viewer';

beforeAll(() => {
  installDomStubs();
  // jsdom has no PointerEvent: fireEvent.pointer* would then carry no coordinates
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
      }
    }
    Object.assign(window, { PointerEvent: PointerEventStub });
  }
});
afterEach(cleanup);

const transformOf = (img: HTMLElement) => img.style.transform;

describe('ImageZoomViewer', () => {
  it('zooms between 1× and 5× by buttons and wheel, and 还原 goes back to 1× and centred', () => {
    render(<ImageZoomViewer src="/p.png" alt="处方图片 1" />);
    const img = screen.getByAltText('处方图片 1');
    const zoomIn = screen.getByRole('button', { name: '放大' }) as HTMLButtonElement;
    const zoomOut = screen.getByRole('button', { name: '缩小' }) as HTMLButtonElement;
    expect(img.getAttribute('data-zoom')).toBe('1');
    expect(zoomOut.disabled).toBe(true);
    for (let i = 0; i < 20; i++) fireEvent.click(zoomIn);
    expect(img.getAttribute('data-zoom')).toBe('5');
    expect(zoomIn.disabled).toBe(true);
    expect(screen.getByTestId('zoom-level').textContent).toBe('5×');

    const viewport = screen.getByTestId('zoom-viewport');
    for (let i = 0; i < 3; i++) fireEvent.wheel(viewport, { deltaY: 100 });
    expect(img.getAttribute('data-zoom')).toBe('3.5');
    fireEvent.wheel(viewport, { deltaY: -100 });
    expect(img.getAttribute('data-zoom')).toBe('4');

    // drag to pan while zoomed
    fireEvent.pointerDown(viewport, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(viewport, { clientX: 160, clientY: 130, pointerId: 1 });
    fireEvent.pointerUp(viewport, { pointerId: 1 });
    expect(transformOf(img)).toContain('translate(60px, 30px)');

    fireEvent.click(screen.getByRole('button', { name: /还\s*原/ }));
    expect(img.getAttribute('data-zoom')).toBe('1');
    expect(transformOf(img)).toContain('translate(0px, 0px)');
    for (let i = 0; i < 20; i++) fireEvent.wheel(viewport, { deltaY: 100 });
    expect(img.getAttribute('data-zoom')).toBe('1');
  });

  it('does not pan at 1×', () => {
    render(<ImageZoomViewer src="/p.png" alt="处方图片 1" />);
    const viewport = screen.getByTestId('zoom-viewport');
    fireEvent.pointerDown(viewport, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(viewport, { clientX: 160, clientY: 130, pointerId: 1 });
    expect(transformOf(screen.getByAltText('处方图片 1'))).toContain('translate(0px, 0px)');
  });

  it('shows 图片加载失败 when the image cannot be loaded', () => {
    render(<ImageZoomViewer src="/missing.png" alt="处方图片 2" />);
    fireEvent.error(screen.getByAltText('处方图片 2'));
    expect(screen.getByRole('img', { name: '处方图片 2：图片加载失败' })).toBeTruthy();
  });
});

describe('mergeImages', () => {
  it('refuses fewer than two images with 合并图片至少需要两张', async () => {
    await expect(mergeImages(['/a.png'])).rejects.toThrow('合并图片至少需要两张');
    await expect(mergeImages(['/a.png', ''])).rejects.toThrow('合并图片至少需要两张');
  });
});
