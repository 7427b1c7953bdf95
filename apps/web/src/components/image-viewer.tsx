import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { clampZoom, IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN } from '@pharmacy/shared';
import { Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ImageWithFallback } from './image-with-fallback';

export const ZOOM_STEP = 0.5;

export interface ImageViewerProps {
  open: boolean;
  src: string;
  alt: string;
  onClose: () => void;
}

/** A full-size image with zoom kept within 1×–5× (spec §9): the buttons (keyboard) or the mouse wheel. */
export function ImageViewer({ open, src, alt, onClose }: ImageViewerProps) {
  const [zoom, setZoom] = useState(IMAGE_ZOOM_MIN);
  useEffect(() => {
    if (open) setZoom(IMAGE_ZOOM_MIN);
  }, [open]);
  const by = (delta: number) => setZoom((z) => clampZoom(Math.round((z + delta) * 100) / 100));

  return (
    <Modal open={open} title={alt} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
        <Button
          icon={<ZoomOutOutlined />}
          aria-label="缩小"
          disabled={zoom <= IMAGE_ZOOM_MIN}
          onClick={() => by(-ZOOM_STEP)}
        />
        <Typography.Text aria-live="polite" style={{ minWidth: 48, textAlign: 'center' }}>
          {`${zoom}×`}
        </Typography.Text>
        <Button
          icon={<ZoomInOutlined />}
          aria-label="放大"
          disabled={zoom >= IMAGE_ZOOM_MAX}
          onClick={() => by(ZOOM_STEP)}
        />
        <Button onClick={() => setZoom(IMAGE_ZOOM_MIN)}>还原</Button>
      </Flex>
      <div
        onWheel={(e) => by(e.deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP)}
        style={{ overflow: 'auto', maxHeight: '70vh', textAlign: 'center', background: '#fafafa' }}
      >
        <ImageWithFallback
          src={src}
          alt={alt}
          data-zoom={zoom}
          style={{
            transform: `scale(${zoom})`,
            transformOrigin: 'top left',
            maxWidth: '100%',
            transition: 'transform .15s',
          }}
        />
      </div>
    </Modal>
  );
}
