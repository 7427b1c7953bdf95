import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { clampZoom, IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN } from '@pharmacy/shared';
import { Button, Flex, Typography } from 'antd';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ImageWithFallback } from './image-with-fallback';

export const ZOOM_VIEWER_STEP = 0.5;

export interface ImageZoomViewerProps {
  src: string;
  alt: string;
  /** The viewport's height (px). */
  height?: number;
}

/**
 * An image in place (not a modal) with zoom kept within 1×–5× (spec §9): the buttons or the mouse wheel; drag to pan
 * when zoomed; 还原 back to 1× and centred. An image that cannot be loaded shows 图片加载失败.
 */
export function ImageZoomViewer({ src, alt, height = 420 }: ImageZoomViewerProps) {
  const [zoom, setZoom] = useState(IMAGE_ZOOM_MIN);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  const reset = () => {
    setZoom(IMAGE_ZOOM_MIN);
    setPan({ x: 0, y: 0 });
  };
  // a new image starts at 1×
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the image changes
  useEffect(reset, [src]);

  const by = useCallback(
    (delta: number) =>
      setZoom((z) => {
        const next = clampZoom(Math.round((z + delta) * 100) / 100);
        if (next === IMAGE_ZOOM_MIN) setPan({ x: 0, y: 0 });
        return next;
      }),
    [],
  );

  // the wheel zooms instead of scrolling the dialog: a listener that may preventDefault (React's is passive)
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      by(e.deltaY < 0 ? ZOOM_VIEWER_STEP : -ZOOM_VIEWER_STEP);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [by]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (zoom === IMAGE_ZOOM_MIN) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: pan.x, y: pan.y, startX: e.clientX, startY: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setPan({ x: d.x + (e.clientX - d.startX), y: d.y + (e.clientY - d.startY) });
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8}>
        <Button
          icon={<ZoomOutOutlined />}
          aria-label="缩小"
          disabled={zoom <= IMAGE_ZOOM_MIN}
          onClick={() => by(-ZOOM_VIEWER_STEP)}
        />
        <Typography.Text aria-live="polite" data-testid="zoom-level" style={{ minWidth: 48, textAlign: 'center' }}>
          {`${zoom}×`}
        </Typography.Text>
        <Button
          icon={<ZoomInOutlined />}
          aria-label="放大"
          disabled={zoom >= IMAGE_ZOOM_MAX}
          onClick={() => by(ZOOM_VIEWER_STEP)}
        />
        <Button onClick={reset}>还原</Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          滚轮缩放，放大后可拖动查看
        </Typography.Text>
      </Flex>
      <div
        ref={viewport}
        role="presentation"
        data-testid="zoom-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onPointerLeave={endDrag}
        style={{
          height,
          overflow: 'hidden',
          background: '#f5f5f5',
          border: '1px solid #f0f0f0',
          borderRadius: 6,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: zoom > IMAGE_ZOOM_MIN ? (drag.current ? 'grabbing' : 'grab') : 'default',
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        <ImageWithFallback
          src={src}
          alt={alt}
          data-zoom={zoom}
          draggable={false}
          style={{
            maxWidth: '100%',
            maxHeight: '100%',
            objectFit: 'contain',
            transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`,
            transformOrigin: 'center center',
            transition: drag.current ? 'none' : 'transform .15s',
          }}
        />
      </div>
    </Flex>
  );
}
