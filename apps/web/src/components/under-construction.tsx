import { ToolOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { type ReactNode, useId } from 'react';

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
      <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.65)' }}>
        <span style={{ whiteSpace: 'nowrap', marginInlineEnd: 8 }}>
          <ToolOutlined aria-hidden="true" style={{ marginInlineEnd: 8 }} />
          <span>建设中</span>
        </span>
        <span>· {description}</span>
      </p>
      {children ? <div style={{ marginTop: 24 }}>{children}</div> : null}
    </Card>
  );
}
