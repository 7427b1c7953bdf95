import { type MyReport, reportStatusLabels, reportTargetKindLabels } from '@pharmacy/shared';
import { Alert, Tag } from 'antd';
import { useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import { Card } from './bits';

const statusColors = { pending: 'processing', processed: 'success', rejected: 'error' } as const;

/** One of my complaints: what about, what I said (and the photos), the status and the platform's answer. */
export function ComplaintCard({ report }: { report: MyReport }) {
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Card
      title={
        <>
          {reportTargetKindLabels[report.target_kind]} · {report.target_label}
        </>
      }
      extra={
        <Tag color={statusColors[report.status]} variant="filled" style={{ marginInlineEnd: 0 }}>
          {reportStatusLabels[report.status]}
        </Tag>
      }
    >
      <div className="patient-muted" style={{ fontSize: 12, marginBottom: 6 }}>
        {report.category} · 提交于 {formatDateTime(report.created_at)}
      </div>
      <p style={{ margin: '0 0 8px', whiteSpace: 'pre-wrap' }}>{report.content}</p>
      {report.images.length ? (
        <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', marginBottom: 8 }}>
          {report.images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setViewing(src)}
              aria-label={`查看图片 ${i + 1}`}
              style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in' }}
            >
              <ImageWithFallback
                src={src}
                alt={`投诉图片 ${i + 1}`}
                width={56}
                height={56}
                style={{ objectFit: 'cover', borderRadius: 4 }}
              />
            </button>
          ))}
        </div>
      ) : null}
      {report.status === 'pending' ? (
        <div className="patient-muted" style={{ fontSize: 13 }}>
          平台正在处理，处理结果会通过站内消息通知您
        </div>
      ) : (
        <Alert
          type={report.status === 'processed' ? 'success' : 'warning'}
          showIcon
          title={report.status === 'processed' ? '处理结果' : '驳回原因'}
          description={
            <>
              {report.result}
              {report.handled_at ? (
                <div className="patient-muted" style={{ fontSize: 12, marginTop: 4 }}>
                  {formatDateTime(report.handled_at)}
                </div>
              ) : null}
            </>
          }
        />
      )}
      <ImageViewer open={viewing !== null} src={viewing ?? ''} alt="投诉图片" onClose={() => setViewing(null)} />
    </Card>
  );
}
