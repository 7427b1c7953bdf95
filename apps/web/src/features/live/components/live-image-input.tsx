import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { uploadLiveImage } from '../api/live-save';
import { LiveCover } from './live-status-tag';

/**
 * An image field (Form.Item value / onChange: its URL): a 16:9 preview, 上传 through the generic upload, 移除. Used
 * for a live's cover and a share card's image.
 */
export function LiveImageInput({
  value,
  onChange,
  label,
  id,
}: {
  value?: string;
  onChange?: (url: string) => void;
  /** 封面, 分享图片 … (the buttons' accessible names). */
  label: string;
  id?: string;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <Flex gap={12} align="center" id={id}>
      <LiveCover src={value} title={label} width={160} />
      <Flex vertical gap={4} align="start">
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading(true);
            uploadLiveImage(file)
              .then((url) => onChange?.(url))
              .catch((e) => {
                if (!isApiError(e)) dialogToast.error(e instanceof Error ? e.message : '上传失败');
              })
              .finally(() => setUploading(false));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} aria-label={`上传${label}`}>
            {value ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
        {value ? (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`移除${label}`}
            onClick={() => onChange?.('')}
          >
            移除
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          建议 16:9，PNG / JPG，不超过 10 MB
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
