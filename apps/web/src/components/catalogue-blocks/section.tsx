import { Alert, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import './catalogue-blocks.css';

export interface SectionProps {
  title: string;
  /** Link or note on the right of the title. */
  extra?: ReactNode;
  loading?: boolean;
  error?: boolean;
  /** No rows: 暂无数据. */
  empty?: boolean;
  children?: ReactNode;
  id?: string;
}

/** A titled block of a public page with its loading skeleton, error and 暂无数据 states. */
export function Section({ title, extra, loading, error, empty, children, id }: SectionProps) {
  const headingId = id ?? `section-${title}`;
  return (
    <section className="cat-section" aria-labelledby={headingId}>
      <div className="cat-section-head">
        <h2 id={headingId}>{title}</h2>
        {extra}
      </div>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : error ? (
        <Alert type="error" showIcon title="加载失败，请稍后再试" />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        children
      )}
    </section>
  );
}
