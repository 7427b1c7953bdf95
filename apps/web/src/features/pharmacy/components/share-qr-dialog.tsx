import { patientLinks } from '@pharmacy/shared';
import { Flex, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';

/** The share's absolute link on this site (what the recipient opens). */
export const shareUrl = (id: number) => `${window.location.origin}${patientLinks.share(id)}`;

/** 二维码: the share link as text (复制链接) and as a QR code to scan or download. */
export function ShareQrDialog({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const url = shareUrl(id);
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    // the encoder loads only when the dialog opens
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(url, { width: 220, margin: 1, errorCorrectionLevel: 'M' }))
      .then((data) => {
        if (live) setQr(data);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <Modal open title={`分享二维码 · ${title}`} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap={16} align="center">
        <Typography.Text type="secondary">被分享人用登记的手机号登录后扫码或打开链接查看</Typography.Text>
        <Flex gap={8} style={{ width: '100%' }}>
          <Input readOnly value={url} aria-label="分享链接" />
          <CopyButton text={url} label="复制链接" type="primary" size="middle">
            复制链接
          </CopyButton>
        </Flex>
        {qr ? (
          <Flex vertical align="center" gap={8}>
            <img src={qr} alt="分享二维码" width={220} height={220} />
            <Typography.Link href={qr} download={`分享二维码-${title}.png`}>
              下载二维码
            </Typography.Link>
          </Flex>
        ) : failed ? (
          <Typography.Text type="danger">二维码生成失败，请复制链接发送</Typography.Text>
        ) : (
          <Spin />
        )}
      </Flex>
    </Modal>
  );
}
