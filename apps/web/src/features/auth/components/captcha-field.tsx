import { Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useCallback, useState } from 'react';
import { type Captcha, getCaptcha } from '../api/get-captcha';

export interface CaptchaState {
  required: boolean;
  captcha: Captcha | null;
  /** Shows the captcha (when the server demands it) and loads a fresh one. */
  demand: () => void;
  refresh: () => void;
}

/** The graphic captcha the server may demand (400111 with data.captcha_required); each try needs a fresh one. */
export function useCaptcha(): CaptchaState {
  const [required, setRequired] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const refresh = useCallback(() => {
    getCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);
  const demand = useCallback(() => {
    setRequired(true);
    refresh();
  }, [refresh]);
  return { required, captcha, demand, refresh };
}

const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** 图形验证码 input with the captcha image beside it; clicking the image loads another. */
export function CaptchaField({ state }: { state: CaptchaState }) {
  if (!state.required) return null;
  return (
    <Form.Item label="图形验证码" required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="captcha_code" noStyle rules={[{ required: true, message: '请输入图形验证码' }]}>
          <Input autoComplete="off" maxLength={8} placeholder="请输入右侧字符" aria-label="图形验证码" />
        </Form.Item>
        <button
          type="button"
          onClick={state.refresh}
          aria-label="换一张图形验证码"
          title="看不清？点击换一张"
          style={{ padding: 0, border: '1px solid #d9d9d9', background: '#fff', cursor: 'pointer', height: 40 }}
        >
          {state.captcha ? (
            <img src={svgSrc(state.captcha.svg)} alt="图形验证码" width={120} height={38} />
          ) : (
            <span style={{ display: 'inline-block', width: 120 }}>加载中…</span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
