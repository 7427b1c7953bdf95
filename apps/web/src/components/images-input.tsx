import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Upload } from 'antd';
import { useRef, useState } from 'react';
import { dialogToast } from '../lib/feedback';
import { isApiError } from '../lib/http';
import { ImageViewer } from './image-viewer';
import { ImageWithFallback } from './image-with-fallback';

/** A thumbnail's (and the upload button's) side, or its width and height. */
export type ImagesInputSize = number | { width: number; height: number };

/**
 * Photos as a form field (Form.Item value/onChange): thumbnails to zoom or remove, and an upload button while fewer
 * than `max`. `upload` sends one file and answers its URL (an API error is shown by the HTTP layer; any other by a
 * toast); `alt` names the photos (投诉图片 1, 处方图片 1 …) and `subject` names them in the buttons' labels (查看图片 1,
 * 删除图片 1, 上传图片 unless given). `preview` is how a thumbnail opens: 'viewer' (default) is the zoomable
 * ImageViewer, 'gallery' antd's own preview of the whole group (its thumbnails have no border and their 删除 buttons
 * no icon or label). `size` (the thumbnails' and the button's side, or width and height), `gap`, `radius` (the
 * viewer thumbnails' corners) and `uploadText` are the page's look.
 */
export function ImagesInput({
  value = [],
  onChange,
  max,
  upload,
  alt,
  subject = '图片',
  preview = 'viewer',
  size,
  gap,
  radius = 4,
  uploadText,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  max: number;
  upload: (file: File) => Promise<string>;
  alt: string;
  subject?: string;
  preview?: 'viewer' | 'gallery';
  size: ImagesInputSize;
  gap: number;
  radius?: number;
  /** The button's text (uploading: whether an upload is under way). */
  uploadText: (uploading: boolean) => string;
}) {
  const [uploading, setUploading] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  // several files may finish uploading before the form re-renders: each adds to the latest list, not to a stale one
  const latest = useRef(value);
  latest.current = value;
  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const remove = (src: string) => change(value.filter((v) => v !== src));
  const { width, height } = typeof size === 'number' ? { width: size, height: size } : size;

  return (
    <Flex gap={8} wrap align={preview === 'gallery' ? 'start' : undefined}>
      {preview === 'gallery' ? (
        <Image.PreviewGroup>
          {value.map((src, i) => (
            <Flex key={src} vertical align="center" gap={gap}>
              <Image src={src} width={width} height={height} style={{ objectFit: 'cover' }} alt={`${alt} ${i + 1}`} />
              <Button size="small" type="text" danger onClick={() => remove(src)}>
                删除
              </Button>
            </Flex>
          ))}
        </Image.PreviewGroup>
      ) : (
        value.map((src, i) => (
          <Flex key={src} vertical align="center" gap={gap}>
            <button
              type="button"
              onClick={() => setViewing(src)}
              aria-label={`查看${subject} ${i + 1}`}
              style={{
                padding: 0,
                border: '1px solid #f0f0f0',
                borderRadius: radius,
                background: '#fff',
                cursor: 'zoom-in',
              }}
            >
              <ImageWithFallback
                src={src}
                alt={`${alt} ${i + 1}`}
                width={width}
                height={height}
                style={{ objectFit: 'cover' }}
              />
            </button>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除${subject} ${i + 1}`}
              onClick={() => remove(src)}
            >
              删除
            </Button>
          </Flex>
        ))
      )}
      {value.length < max ? (
        <Upload
          accept="image/png,image/jpeg,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading((n) => n + 1);
            upload(file)
              .then((url) => change([...latest.current, url].slice(0, max)))
              .catch((e) => {
                if (!isApiError(e)) dialogToast.error(e instanceof Error ? e.message : '上传失败');
              })
              .finally(() => setUploading((n) => n - 1));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button
            icon={<PlusOutlined />}
            loading={uploading > 0}
            style={{ width, height }}
            aria-label={`上传${subject}`}
          >
            {uploadText(uploading > 0)}
          </Button>
        </Upload>
      ) : null}
      {preview === 'viewer' ? (
        <ImageViewer open={viewing !== null} src={viewing ?? ''} alt={alt} onClose={() => setViewing(null)} />
      ) : null}
    </Flex>
  );
}
