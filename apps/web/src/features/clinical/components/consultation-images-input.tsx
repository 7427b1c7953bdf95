import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONSULTATION_IMAGES_MAX } from '@pharmacy/shared';
import { Button, Flex, Upload } from 'antd';
import { useRef, useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { uploadConsultationImage } from '../api/consultation-create';

/** Prescription / medical-record photos (Form.Item value/onChange): thumbnails to zoom or remove, and an upload. */
export function ConsultationImagesInput({
  value = [],
  onChange,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
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
        <Flex key={src} vertical align="center" gap={4}>
          <button
            type="button"
            onClick={() => setViewing(src)}
            aria-label={`查看图片 ${i + 1}`}
            style={{ padding: 0, border: '1px solid #f0f0f0', borderRadius: 4, background: '#fff', cursor: 'zoom-in' }}
          >
            <ImageWithFallback
              src={src}
              alt={`处方图片 ${i + 1}`}
              width={88}
              height={88}
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
      {value.length < CONSULTATION_IMAGES_MAX ? (
        <Upload
          accept="image/png,image/jpeg,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading((n) => n + 1);
            uploadConsultationImage(file)
              .then((url) => change([...latest.current, url].slice(0, CONSULTATION_IMAGES_MAX)))
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
            style={{ width: 88, height: 88 }}
            aria-label="上传图片"
          >
            上传
          </Button>
        </Upload>
      ) : null}
      <ImageViewer open={viewing !== null} src={viewing ?? ''} alt="处方图片" onClose={() => setViewing(null)} />
    </Flex>
  );
}
