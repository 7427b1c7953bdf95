import { ToolOutlined } from '@ant-design/icons';
import { Card, Input } from 'antd';
import { type ReactNode, useId, useState } from 'react';

/** A page whose module is built by a later issue: its title and a plain 建设中, nothing invented. */
export function UnderConstruction({
  title,
  description = '该页面的功能正在开发，暂不可用。',
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card variant="borderless" aria-labelledby={headingId} role="region">
      <h1 id={headingId} style={{ fontSize: 20, margin: '0 0 16px' }}>
        {title}
      </h1>
      <p style={{ display: 'flex', alignItems: 'center', gap: 8, margin: 0, color: 'rgba(0, 0, 0, 0.65)' }}>
        <ToolOutlined aria-hidden="true" />
        <span>建设中</span>
        <span>· {description}</span>
      </p>
      {children ? <div style={{ marginTop: 24 }}>{children}</div> : null}
    </Card>
  );
}

/**
 * A free-text draft kept in the page's own state. Placed on the keep-alive pages, it shows that their state
 * survives navigating away and back.
 */
export function DraftNote() {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <div style={{ maxWidth: 480 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 8 }}>
        备注草稿
      </label>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder="离开本页后再回来，草稿仍在"
      />
    </div>
  );
}
