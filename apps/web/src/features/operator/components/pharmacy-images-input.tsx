import { PlusOutlined } from '@ant-design/icons';
import { QUALIFICATION_IMAGES_MAX } from '@pharmacy/shared';
import { Button, Flex, Image, Upload } from 'antd';
import { useRef, useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { uploadPharmacyDocument } from '../api/pharmacy-create';

/** A document's images (Form.Item value/onChange): thumbnails to zoom or remove, and an upload button. */
export function PharmacyImagesInput({
  value = [],
  onChange,
  label,
}: {
  value?: string[];
  onChange?: (images: string[]) => void;
  label: string;
}) {
  const [uploading, setUploading] = useState(0);
  // several files may finish before the form re-renders: each adds to the latest list
  const latest = useRef(value);
  latest.current = value;
  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  return (
    <Flex gap={8} wrap align="start">
      <Image.PreviewGroup>
        {value.map((src, i) => (
          <Flex key={src} vertical align="center" gap={4}>
            <Image src={src} width={96} height={68} style={{ objectFit: 'cover' }} alt={`${label}图片 ${i + 1}`} />
            <Button size="small" type="text" danger onClick={() => change(value.filter((v) => v !== src))}>
              删除
            </Button>
          </Flex>
        ))}
      </Image.PreviewGroup>
      {value.length < QUALIFICATION_IMAGES_MAX ? (
        <Upload
          accept="image/png,image/jpeg,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading((n) => n + 1);
            uploadPharmacyDocument(file)
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
    </Flex>
  );
}
