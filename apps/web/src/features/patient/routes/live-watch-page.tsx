import type { ViewerLive } from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LivePlayer } from '../../../components/live-player/live-player';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { liveKeys } from '../api/live-keys';
import { useViewerLive } from '../api/live-watch';
import { Card } from '../components/bits';
import { LiveStatusTag } from '../components/live-bits';
import { LiveComboCard } from '../components/live-combo-card';
import { LiveComments } from '../components/live-comments';
import { LiveExam } from '../components/live-exam';
import { LiveMaterials } from '../components/live-materials';
import { useLiveHeartbeat } from '../lib/use-live-heartbeat';

/** While nothing plays, the live is read again this often (its start, its end). */
const IDLE_REFRESH_MS = 15_000;

/**
 * 观看直播: the live (or its replay) in the player with a status banner, viewers now, the bound combo with 立即购买,
 * materials, comments and, once the live has ended, the exam. Heartbeats go out while the video plays; when one
 * says the live's status changed (it ended), the page reads the live again and switches (replay, exam).
 */
export default function LiveWatchPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const queryClient = useQueryClient();
  const [playing, setPlaying] = useState(false);
  const [beat, setBeat] = useState<{ viewers_now: number; combo_pinned: boolean } | null>(null);
  const [refresh, setRefresh] = useState<number | false>(IDLE_REFRESH_MS);
  const live = useViewerLive(id, refresh);
  const data = live.data;

  const status = data?.status;
  const onAnswer = useCallback(
    (answer: { status: ViewerLive['status']; viewers_now: number; combo_pinned: boolean }) => {
      setBeat({ viewers_now: answer.viewers_now, combo_pinned: answer.combo_pinned });
      if (id && answer.status !== status) void queryClient.invalidateQueries({ queryKey: liveKeys.live(id) });
    },
    [id, status, queryClient],
  );
  const onRefused = useCallback(() => {
    if (id) void queryClient.invalidateQueries({ queryKey: liveKeys.live(id) });
  }, [id, queryClient]);
  useLiveHeartbeat(id ?? 0, data?.play_url ? (data.mode ?? null) : null, playing, onAnswer, onRefused);

  const onPlayingChange = useCallback((next: boolean) => {
    setPlaying(next);
    // while it plays, the heartbeats' answers tell the status; read the live itself only while idle
    setRefresh(next ? false : IDLE_REFRESH_MS);
  }, []);

  if (!id) return <Result status="warning" title="链接不完整" extra={<Link to="/patient/live">返回直播课堂</Link>} />;
  if (live.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  // no live, or a refusal on reading it again (blacklisted or the live withdrawn meanwhile): say why
  const error = live.error;
  const refused = isApiError(error) && error.httpCode === 403;
  if (!data || refused || (isApiError(error) && error.httpCode === 404)) {
    return (
      <Result
        status={refused ? 'warning' : '404'}
        title={refused ? error.msg : isApiError(error) && error.httpCode === 404 ? '直播不存在' : '加载失败'}
        extra={
          <Link to="/patient/live">
            <Button type="primary">返回直播课堂</Button>
          </Link>
        }
      />
    );
  }

  const viewersNow = beat?.viewers_now ?? data.viewers_now;
  const pinned = beat?.combo_pinned ?? data.combo_pinned;
  const replay = data.mode === 'replay';

  return (
    <>
      <div className="live-watch-stage">
        {data.play_url ? (
          <LivePlayer
            key={data.play_url}
            src={data.play_url}
            poster={data.cover_url}
            title={data.title}
            onPlayingChange={onPlayingChange}
          />
        ) : (
          <div
            className="live-stage-placeholder"
            style={data.cover_url ? { backgroundImage: `url("${data.cover_url}")` } : undefined}
          >
            <div className="live-stage-note">
              {data.status === 'ended' ? (
                <>
                  <strong>直播已结束</strong>
                  <span>本场直播暂无回放</span>
                </>
              ) : (
                <>
                  <strong>直播未开始</strong>
                  <span>开播时间 {formatDateTime(data.start_at)}</span>
                </>
              )}
            </div>
          </div>
        )}
        <div className="live-banner" role="status">
          <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <LiveStatusTag status={data.status} replay={replay} />
            {data.status === 'scheduled' || data.status === 'draft'
              ? `开播时间 ${formatDateTime(data.start_at)}`
              : data.status === 'live'
                ? '正在直播'
                : replay
                  ? '正在播放回放'
                  : '直播已结束'}
          </span>
          {data.status === 'live' || replay ? <span className="patient-muted">{viewersNow} 人在看</span> : null}
        </div>
      </div>

      <Card>
        <h2 className="patient-card-title">{data.title}</h2>
        <div className="patient-muted">
          {data.lecturer ? `主讲：${data.lecturer} · ` : ''}
          {data.pharmacy_name}
        </div>
        <div className="patient-muted">
          {formatDateTime(data.start_at)} 至 {formatDateTime(data.end_at)}
        </div>
        {data.intro ? <p style={{ margin: '8px 0 0', fontSize: 13, whiteSpace: 'pre-wrap' }}>{data.intro}</p> : null}
      </Card>

      {data.quote_set ? <LiveComboCard pharmacyId={data.pharmacy_id} combo={data.quote_set} pinned={pinned} /> : null}

      {data.exam_enabled ? (
        data.status === 'ended' ? (
          <LiveExam liveId={data.id} />
        ) : (
          <Card title="课后考试">
            <div className="patient-muted">直播结束后开放考试</div>
          </Card>
        )
      ) : null}

      <LiveComments liveId={data.id} enabled={data.chat_enabled} muted={data.muted} />
      <LiveMaterials materials={data.materials} />
    </>
  );
}
