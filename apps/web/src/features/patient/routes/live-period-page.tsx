import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { isApiError } from '../../../lib/http';
import { useEnrollLivePeriod } from '../api/live-enroll';
import { useLiveInvitation } from '../api/live-invitation';
import { Card } from '../components/bits';
import { PeriodLives, periodDates } from '../components/live-bits';

/**
 * 营期报名, where an invitation link lands (`?id=<period>&staff=<member>`): the column, the period, its lives, who
 * invited me; 立即报名 enrols me (crediting the inviter); then the lives open the watch page.
 */
export default function LivePeriodPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const staff = Number(params.get('staff')) || null;
  const info = useLiveInvitation(id, staff);
  const enroll = useEnrollLivePeriod();

  if (!id) return <Result status="warning" title="链接不完整" extra={<Link to="/patient/live">去直播课堂</Link>} />;
  if (info.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!info.data) {
    const error = info.error;
    return (
      <Result
        status={isApiError(error) && error.httpCode === 403 ? 'warning' : '404'}
        title={isApiError(error) && error.httpCode === 403 ? error.msg : '营期不存在'}
        extra={<Link to="/patient/live">去直播课堂</Link>}
      />
    );
  }
  const p = info.data;
  const enrolled = p.enrolled || enroll.isSuccess;

  return (
    <>
      <Card>
        {p.column_cover_url ? (
          <ImageWithFallback
            src={p.column_cover_url}
            alt=""
            width="100%"
            height={160}
            style={{ width: '100%', height: 160, objectFit: 'cover', borderRadius: 8, marginBottom: 10 }}
          />
        ) : null}
        <h2 className="patient-card-title">{p.column_title}</h2>
        <div className="patient-muted">{p.pharmacy_name}</div>
        {p.column_intro ? (
          <p style={{ margin: '8px 0 0', fontSize: 13, whiteSpace: 'pre-wrap' }}>{p.column_intro}</p>
        ) : null}
      </Card>
      <Card title={p.name} extra={<span className="patient-muted">{periodDates(p)}</span>}>
        {p.inviter_name ? <div style={{ fontSize: 13, marginBottom: 6 }}>邀请人：{p.inviter_name}</div> : null}
        <div className="patient-muted">共 {p.lives.length} 节直播课</div>
        <PeriodLives period={{ lives: p.lives, enrolled }} />
      </Card>
      <div className="patient-bottom-bar">
        {enrolled ? (
          <span style={{ flex: 1, textAlign: 'center', color: 'var(--patient-green)' }}>
            <CheckCircleFilled aria-hidden="true" /> 已报名，点击课程即可观看
          </span>
        ) : (
          <Button
            type="primary"
            size="large"
            block
            loading={enroll.isPending}
            onClick={() => enroll.mutate({ id, staff: p.inviter_name ? staff : null })}
          >
            立即报名
          </Button>
        )}
      </div>
    </>
  );
}
