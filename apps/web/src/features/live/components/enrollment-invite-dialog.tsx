import { Alert, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { useInviteLink } from '../api/enrollments';

/**
 * 邀请链接: the signed-in member's link to the period's landing page (patients enrolling through it are counted
 * under them), copyable and as a QR code.
 */
export function EnrollmentInviteDialog({
  periodId,
  periodName,
  onClose,
}: {
  periodId: number;
  periodName: string;
  onClose: () => void;
}) {
  const link = useInviteLink(periodId);
  const url = link.data ? `${window.location.origin}${link.data.path}` : '';
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!url) return;
    let live = true;
    // The QR encoder loads only when the dialog opens, keeping it out of the page's first load.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(url, { width: 220, margin: 1, errorCorrectionLevel: 'M' }))
      .then((data) => {
        if (live) setQr(data);
      })
      .catch(() => {
        if (live) setQr(null);
      });
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <Modal open title="邀请链接" footer={null} onCancel={onClose} destroyOnHidden>
      {link.isError ? (
        <Alert type="error" showIcon title="邀请链接获取失败，请稍后重试" />
      ) : !link.data ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16} align="center">
          <Typography.Text type="secondary">
            患者通过此链接报名「{periodName}」，将记为{' '}
            <Typography.Text strong>{link.data.inviter_name}</Typography.Text> 邀请
          </Typography.Text>
          <Flex gap={8} style={{ width: '100%' }}>
            <Input readOnly value={url} aria-label="邀请链接" />
            <CopyButton text={url} label="复制链接" type="primary" size="middle">
              复制链接
            </CopyButton>
          </Flex>
          {qr ? (
            <Flex vertical align="center" gap={8}>
              <img src={qr} alt="邀请二维码" width={220} height={220} />
              <Typography.Link href={qr} download={`邀请二维码-${periodName}.png`}>
                下载二维码
              </Typography.Link>
            </Flex>
          ) : (
            <Spin />
          )}
        </Flex>
      )}
    </Modal>
  );
}
