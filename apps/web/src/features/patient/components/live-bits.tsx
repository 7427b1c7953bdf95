import { PlayCircleOutlined } from '@ant-design/icons';
import { formatShanghaiDate, type LiveStatus, liveStatusLabels, type ViewerPeriod } from '@pharmacy/shared';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import './live-patient.css';

const statusColors: Record<LiveStatus, string> = { draft: 'default', scheduled: 'blue', live: 'red', ended: 'default' };

/** 未开始 / 直播中 / 已结束 (回放 when the ended live has a replay to play). */
export function LiveStatusTag({ status, replay = false }: { status: LiveStatus; replay?: boolean }) {
  return (
    <Tag color={replay ? 'green' : statusColors[status]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {replay ? '回放' : liveStatusLabels[status]}
    </Tag>
  );
}

/** `2026-11-26 至 2026-12-09`: the period's first and last days in Asia/Shanghai (not the UTC dates of the ISO times). */
export const periodDates = (p: Pick<ViewerPeriod, 'start_at' | 'end_at'>) =>
  `${formatShanghaiDate(p.start_at) ?? '-'} 至 ${formatShanghaiDate(p.end_at) ?? '-'}`;

/** A period's lives in order; tappable (to the watch page) only once I am enrolled. */
export function PeriodLives({ period }: { period: Pick<ViewerPeriod, 'lives' | 'enrolled'> }) {
  if (period.lives.length === 0) return <div className="patient-muted">本营期暂无直播课程</div>;
  return (
    <ul className="live-rows">
      {period.lives.map((live) => {
        const body = (
          <>
            <ImageWithFallback
              className="live-row-cover"
              src={live.cover_url || undefined}
              alt=""
              width={96}
              height={54}
            />
            <span className="live-row-body">
              <span className="live-row-title">{live.title}</span>
              <span className="patient-muted">
                {live.lecturer ? `${live.lecturer} · ` : ''}
                {formatDateTime(live.start_at)}
              </span>
              <span>
                <LiveStatusTag status={live.status} />
              </span>
            </span>
            {period.enrolled ? <PlayCircleOutlined className="live-row-play" aria-hidden="true" /> : null}
          </>
        );
        return (
          <li key={live.id}>
            {period.enrolled ? (
              <Link to={`/patient/live/watch?id=${live.id}`} className="live-row">
                {body}
              </Link>
            ) : (
              <div className="live-row">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Bytes as 12.3 KB / 4.5 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
