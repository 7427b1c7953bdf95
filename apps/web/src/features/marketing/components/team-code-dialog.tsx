import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';

export interface CodeImageDialogProps {
  title: string;
  /** The PNG from the server (undefined while loading). */
  image: Blob | undefined;
  failed: boolean;
  /** 下载's file name. */
  fileName: string;
  /** What the code opens (absolute link), shown with 复制链接. */
  link: string;
  note?: string;
  onClose: () => void;
}

/** A code (PNG from the server's MiniProgramCodeProvider) with 下载 and its link with 复制链接. */
export function CodeImageDialog({ title, image, failed, fileName, link, note, onClose }: CodeImageDialogProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return;
    const next = URL.createObjectURL(image);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image]);

  return (
    <Modal open title={title} footer={null} onCancel={onClose} destroyOnHidden width={420}>
      {failed ? (
        <Alert type="error" showIcon title="二维码获取失败，请稍后重试" />
      ) : (
        <Flex vertical gap={16} align="center">
          {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
          {url ? (
            <img src={url} alt={title} width={240} height={240} style={{ border: '1px solid #f0f0f0' }} />
          ) : (
            <Flex justify="center" align="center" style={{ width: 240, height: 240 }}>
              <Spin />
            </Flex>
          )}
          <Flex gap={8} style={{ width: '100%' }}>
            <Input readOnly value={link} aria-label="二维码链接" />
            <CopyButton text={link} label="复制链接" size="middle">
              复制链接
            </CopyButton>
          </Flex>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={url ?? undefined}
            download={fileName}
            disabled={!url}
          >
            下载
          </Button>
        </Flex>
      )}
    </Modal>
  );
}
