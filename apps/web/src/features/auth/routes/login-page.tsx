import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import { useCaptcha } from '../components/captcha-field';
import { PasswordLoginForm } from '../components/password-login-form';
import { NO_CONSOLE_NOTE } from '../lib/no-console';
import { useCompleteLogin } from '../lib/use-complete-login';
import './login-page.css';

// Only the password form is needed on first paint; the other ways in and the pharmacy picker load when used.
const SmsLoginForm = lazy(() => import('../components/sms-login-form').then((m) => ({ default: m.SmsLoginForm })));
const QrLoginPanel = lazy(() => import('../components/qr-login-panel').then((m) => ({ default: m.QrLoginPanel })));
const PharmacyPickerDialog = lazy(() =>
  import('../components/pharmacy-picker-dialog').then((m) => ({ default: m.PharmacyPickerDialog })),
);

const tabs = [
  { key: 'password', label: '密码登录' },
  { key: 'sms', label: '验证码登录' },
  { key: 'qr', label: '扫码登录' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

/** /login — password, SMS-code and QR-code sign-in; `?redirect=` names the page to return to. */
export default function LoginPage() {
  const [tab, setTab] = useState<TabKey>('password');
  const captcha = useCaptcha();
  const { complete, picking, pick } = useCompleteLogin();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // WAI-ARIA tabs: arrow keys move between the three ways of signing in.
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + tabs.length) % tabs.length;
    setTab(tabs[next].key);
    tabRefs.current[next]?.focus();
  };

  return (
    <main className="login-main">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">药房平台运营后台</h1>
        <p className="login-subtitle">药店、医生、药师与运营人员登录</p>
        <div className="login-tabs" role="tablist" aria-label="登录方式">
          {tabs.map((t, i) => (
            <button
              key={t.key}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`login-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`login-panel-${t.key}`}
              tabIndex={tab === t.key ? 0 : -1}
              onClick={() => setTab(t.key)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
          <Suspense fallback={<div className="login-panel-fallback" />}>
            {tab === 'password' ? <PasswordLoginForm captcha={captcha} onSignedIn={complete} /> : null}
            {tab === 'sms' ? <SmsLoginForm captcha={captcha} onSignedIn={complete} /> : null}
            {tab === 'qr' ? <QrLoginPanel active onSignedIn={complete} /> : null}
          </Suspense>
        </div>
        <p className="login-note">{NO_CONSOLE_NOTE}</p>
      </section>
      {picking ? (
        <Suspense fallback={null}>
          <PharmacyPickerDialog pharmacies={picking} onPick={pick} />
        </Suspense>
      ) : null}
    </main>
  );
}
