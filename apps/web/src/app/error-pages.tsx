import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type AppError, NOT_FOUND_TITLE } from './errors';

const wrap: React.CSSProperties = {
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  padding: '48px 16px',
  textAlign: 'center',
};
const code: React.CSSProperties = { fontSize: 72, fontWeight: 600, lineHeight: 1, color: '#1261d6', margin: 0 };
const heading: React.CSSProperties = { fontSize: 24, fontWeight: 600, margin: 0 };
const muted: React.CSSProperties = { color: 'rgba(0, 0, 0, 0.65)', margin: 0, maxWidth: 560, wordBreak: 'break-word' };

function Shell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} style={wrap} data-testid="error-page">
      {children}
    </section>
  );
}

/** The 404 view: a path no route matches, or a route whose validation failed. */
export function NotFoundPage({ message }: { message?: string }) {
  return (
    <Shell label="页面不存在">
      <p style={code} data-testid="error-status">
        404
      </p>
      <h1 style={heading}>{NOT_FOUND_TITLE}</h1>
      <p style={muted}>页面不存在</p>
      {message && message !== NOT_FOUND_TITLE ? (
        <p style={muted} data-testid="error-description">
          {message}
        </p>
      ) : null}
      <Link to="/">返回首页</Link>
    </Shell>
  );
}

/**
 * The general error page: status code, status message and description. Rendered by the router's error boundary
 * and for fatal errors (also before or outside the router, so its links are plain anchors).
 */
export function ErrorPage({ error, onReset }: { error: AppError; onReset?: () => void }) {
  const description = error.description ?? (error.message !== error.statusMessage ? error.message : undefined);
  return (
    <Shell label="出错了">
      <p style={code} data-testid="error-status">
        {error.statusCode}
      </p>
      <h1 style={heading}>{error.statusMessage}</h1>
      <p style={muted}>页面出错了，请刷新重试或返回首页。</p>
      {description ? (
        <p style={muted} data-testid="error-description">
          {description}
        </p>
      ) : null}
      <div style={{ display: 'flex', gap: 12 }}>
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
        <Button href="/" onClick={onReset}>
          返回首页
        </Button>
      </div>
    </Shell>
  );
}

/** What shows while the first page (or a reload after a failed chunk) loads. */
export function BootFallback({ text = '加载中…' }: { text?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ ...wrap, minHeight: '40vh', color: 'rgba(0, 0, 0, 0.45)' }}>
      {text}
    </div>
  );
}
