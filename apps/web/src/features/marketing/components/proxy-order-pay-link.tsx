import { type OrderStatus, orderStatusLabels } from '@pharmacy/shared';
import { Alert, Flex, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';

/**
 * 支付链接: the customer's payment page (a path from the server made absolute with this site's origin) as text, a QR
 * code to scan with the phone, and 复制链接 (复制成功 / 复制失败). Paid or cancelled orders say so above it.
 */
export function ProxyOrderPayLink({ path, status, orderNo }: { path: string; status: OrderStatus; orderNo: string }) {
  const url = `${window.location.origin}${path}`;
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    // the QR encoder loads only on this page, keeping it out of the console's first load
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(url, { width: 200, margin: 1, errorCorrectionLevel: 'M' }))
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
    <Flex vertical gap={12}>
      {status === 'pending_payment' ? (
        <Typography.Text type="secondary">
          请将链接或二维码发送给客户，客户登录后在手机上打开即可查看订单并付款；药店确认收款后订单进入下一步。
        </Typography.Text>
      ) : (
        <Alert
          type={status === 'cancelled' ? 'warning' : 'success'}
          showIcon
          title={`订单${orderStatusLabels[status]}${status === 'cancelled' ? '，无需付款' : '，客户已付款'}`}
        />
      )}
      <Flex gap={8}>
        <Input readOnly value={url} aria-label="支付链接" />
        <CopyButton text={url} label="复制链接" type="primary" size="middle">
          复制链接
        </CopyButton>
      </Flex>
      <Flex vertical align="center" gap={8}>
        {qr ? (
          <>
            <img src={qr} alt="支付二维码" width={200} height={200} />
            <Typography.Link href={qr} download={`支付二维码-${orderNo}.png`}>
              下载二维码
            </Typography.Link>
          </>
        ) : failed ? (
          <Typography.Text type="secondary">二维码生成失败，请复制链接发送</Typography.Text>
        ) : (
          <Spin />
        )}
      </Flex>
    </Flex>
  );
}
