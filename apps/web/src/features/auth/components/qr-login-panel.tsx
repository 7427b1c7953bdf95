import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import type { QrLoginTicket, UserInfo } from '@pharmacy/shared';
import { Button, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createQrLogin, getQrLoginStatus } from '../api/qr-login';

/** Poll period: a confirmation on the phone signs the console in within 2 s. */
export const QR_POLL_MS = 1000;

type Phase = 'loading' | 'pending' | 'scanned' | 'confirmed' | 'expired' | 'failed';

const hints: Record<Phase, string> = {
  loading: '正在生成二维码…',
  pending: '请使用已登录的手机端扫描二维码',
  scanned: '已扫码，请在手机上确认登录',
  confirmed: '已确认，正在登录…',
  expired: '二维码已过期',
  failed: '二维码获取失败',
};

export function QrLoginPanel(props: {
  active: boolean;
  onSignedIn: (token: string, userInfo: UserInfo) => Promise<void>;
}) {
  const { active, onSignedIn } = props;
  const [ticket, setTicket] = useState<QrLoginTicket | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const signingIn = useRef(false);

  const creating = useRef(false);

  const create = useCallback(async () => {
    // One ticket at a time (a double click on 刷新, or React's development double effects).
    if (creating.current) return;
    creating.current = true;
    setPhase('loading');
    setTicket(null);
    setImage(null);
    try {
      // The QR encoder loads only when this tab is opened, keeping it out of the login page's first load.
      const [t, { default: QRCode }] = await Promise.all([createQrLogin(), import('qrcode')]);
      setImage(await QRCode.toDataURL(t.qr_content, { width: 200, margin: 1, errorCorrectionLevel: 'M' }));
      setTicket(t);
      setPhase('pending');
    } catch {
      setPhase('failed');
    } finally {
      creating.current = false;
    }
  }, []);

  // A fresh code when the tab is first shown; later codes come from the 刷新 button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on (re)activation only; create() moves the phase
  useEffect(() => {
    if (active && phase === 'loading' && !ticket) void create();
  }, [active]);

  // Poll the ticket once a second while it can still change and the tab is shown.
  useEffect(() => {
    if (!active || !ticket || (phase !== 'pending' && phase !== 'scanned')) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const expiresAt = Date.parse(ticket.expires_at);
    const poll = async () => {
      if (Date.now() >= expiresAt) {
        setPhase('expired');
        return;
      }
      try {
        const s = await getQrLoginStatus(ticket.qr_id, controller.signal);
        if (controller.signal.aborted) return;
        if (s.status === 'confirmed' && s.token && s.user_info) {
          setPhase('confirmed');
          if (!signingIn.current) {
            signingIn.current = true;
            await onSignedIn(s.token, s.user_info);
          }
          return;
        }
        if (s.status === 'expired') {
          setPhase('expired');
          return;
        }
        if (s.status === 'scanned' && phase !== 'scanned') {
          setPhase('scanned');
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        setPhase('failed');
        return;
      }
      timer = setTimeout(poll, QR_POLL_MS);
    };
    timer = setTimeout(poll, QR_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [active, ticket, phase, onSignedIn]);

  const stale = phase === 'expired' || phase === 'failed';

  return (
    <Flex vertical align="center" gap={12} style={{ padding: '8px 0 16px' }}>
      <div style={{ position: 'relative', width: 200, height: 200 }}>
        {image ? (
          <img
            src={image}
            alt="扫码登录二维码"
            width={200}
            height={200}
            style={{ opacity: stale ? 0.15 : 1, display: 'block' }}
          />
        ) : (
          <Flex align="center" justify="center" style={{ width: 200, height: 200, background: '#fafafa' }}>
            {phase === 'loading' ? <Spin aria-label="正在生成二维码" /> : null}
          </Flex>
        )}
        {stale || phase === 'confirmed' ? (
          <Flex
            vertical
            align="center"
            justify="center"
            gap={8}
            style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.85)' }}
          >
            {phase === 'confirmed' ? (
              <CheckCircleFilled style={{ fontSize: 32, color: '#52c41a' }} aria-hidden />
            ) : (
              <>
                <Typography.Text strong>{hints[phase]}</Typography.Text>
                <Button type="primary" icon={<ReloadOutlined />} onClick={() => void create()}>
                  刷新
                </Button>
              </>
            )}
          </Flex>
        ) : null}
      </div>
      <Typography.Text type="secondary" role="status" aria-live="polite">
        {hints[phase]}
      </Typography.Text>
    </Flex>
  );
}
