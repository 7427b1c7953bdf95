import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUALIFICATION_IMAGES_MAX } from '@pharmacy/shared';
import { Button, Flex, Upload } from 'antd';
import { useRef, useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { uploadQualificationImage } from '../api/settings-upload';

/** A qualification's images (Form.Item value/onChange): thumbnails to zoom or remove, and an upload button. */
export function AptitudeImagesInput({
  value = [],
  onChange,
  label,
}: {
  value?: string[];
  onChange?: (images: string[]) => void;
  label: string;
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

  return (
    <Flex gap={8} wrap>
      {value.map((src, i) => (
        <Flex key={src} vertical align="center" gap={4}>
          <button
            type="button"
            onClick={() => setViewing(src)}
            aria-label={`查看${label}图片 ${i + 1}`}
            style={{ padding: 0, border: '1px solid #f0f0f0', borderRadius: 4, background: '#fff', cursor: 'zoom-in' }}
          >
            <ImageWithFallback
              src={src}
              alt={`${label}图片 ${i + 1}`}
              width={96}
              height={68}
              style={{ objectFit: 'cover' }}
            />
          </button>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除${label}图片 ${i + 1}`}
            onClick={() => change(value.filter((v) => v !== src))}
          >
            删除
          </Button>
        </Flex>
      ))}
      {value.length < QUALIFICATION_IMAGES_MAX ? (
        <Upload
          accept="image/png,image/jpeg,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading((n) => n + 1);
            uploadQualificationImage(file)
              .then((url) => change([...latest.current, url].slice(0, QUALIFICATION_IMAGES_MAX)))
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
            style={{ width: 96, height: 68 }}
            aria-label={`上传${label}图片`}
          >
            上传
          </Button>
        </Upload>
      ) : null}
      <ImageViewer open={viewing !== null} src={viewing ?? ''} alt={`${label}图片`} onClose={() => setViewing(null)} />
    </Flex>
  );
}
