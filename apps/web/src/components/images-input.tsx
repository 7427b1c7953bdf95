import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { useRef, useState } from 'react';
import { dialogToast } from '../lib/feedback';
import { isApiError } from '../lib/http';
import { ImageViewer } from './image-viewer';
import { ImageWithFallback } from './image-with-fallback';

/**
 * Photos as a form field (Form.Item value/onChange): thumbnails to zoom or remove, and an upload button while fewer
 * than `max`. `upload` sends one file and answers its URL (an API error is shown by the HTTP layer; any other by a
 * toast); `alt` names the photos (投诉图片 1, 处方图片 1 …). `size` (the thumbnails' and the button's side), `gap`,
 * `radius` and `uploadText` are the page's look.
 */
export function ImagesInput({
  value = [],
  onChange,
  max,
  upload,
  alt,
  size,
  gap,
  radius,
  uploadText,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  max: number;
  upload: (file: File) => Promise<string>;
  alt: string;
  size: number;
  gap: number;
  radius: number;
  /** The button's text (uploading: whether an upload is under way). */
  uploadText: (uploading: boolean) => string;
}) {
  const [uploading, setUploading] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };

  return (
    <Flex gap={8} wrap>
      {value.map((src, i) => (
        <Flex key={src} vertical align="center" gap={gap}>
          <button
            type="button"
            onClick={() => setViewing(src)}
            aria-label={`查看图片 ${i + 1}`}
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
              width={size}
              height={size}
              style={{ objectFit: 'cover' }}
            />
          </button>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除图片 ${i + 1}`}
            onClick={() => change(value.filter((v) => v !== src))}
          >
            删除
          </Button>
        </Flex>
      ))}
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
            style={{ width: size, height: size }}
            aria-label="上传图片"
          >
            {uploadText(uploading > 0)}
          </Button>
        </Upload>
      ) : null}
      <ImageViewer open={viewing !== null} src={viewing ?? ''} alt={alt} onClose={() => setViewing(null)} />
    </Flex>
  );
}
