import { PlayCircleOutlined } from '@ant-design/icons';
import { type LiveStatus, liveStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';
import { ImageWithFallback } from '../../../components/image-with-fallback';

const statusColors: Record<LiveStatus, string> = {
  draft: 'default',
  scheduled: 'processing',
  live: 'error',
  ended: 'success',
};

/** 草稿 / 未开始 / 直播中 / 已结束. */
export function LiveStatusTag({ status }: { status: LiveStatus }) {
  return (
    <Tag color={statusColors[status]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {liveStatusLabels[status]}
    </Tag>
  );
}

/** A live's cover as a 16:9 thumbnail; a live without one shows a quiet placeholder (暂无封面). */
export function LiveCover({
  src,
  title,
  width = 96,
}: {
  src: string | null | undefined;
  title: string;
  width?: number;
}) {
  const height = Math.round((width * 9) / 16);
  if (!src) {
    return (
      <div
        role="img"
        aria-label={`${title}：暂无封面`}
        style={{
          width,
          height,
          borderRadius: 4,
          background: 'linear-gradient(135deg, #e6f4ff, #f0f5ff)',
          color: '#91caff',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexDirection: 'column',
          fontSize: 11,
          gap: 2,
        }}
      >
        <PlayCircleOutlined style={{ fontSize: Math.max(16, width / 6) }} />
        {width >= 80 ? <span style={{ color: '#8c8c8c' }}>暂无封面</span> : null}
      </div>
    );
  }
  return (
    <ImageWithFallback
      src={src}
      alt={`${title}封面`}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
    />
  );
}
