import { Empty, Result, Spin } from 'antd';
import { useLivePeriods } from '../api/live-periods';
import { Card } from '../components/bits';
import { PeriodLives, periodDates } from '../components/live-bits';

/** 直播课堂: the camp periods I enrolled in, each with its column and its lives in order. */
export default function LiveListPage() {
  const periods = useLivePeriods();
  if (periods.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!periods.data) return <Result status="error" title="加载失败" />;
  if (periods.data.length === 0) {
    return (
      <Empty
        style={{ marginTop: 48 }}
        description={
          <span style={{ color: 'rgba(0, 0, 0, 0.75)' }}>
            还没有报名的直播课程
            <br />
            <span className="patient-muted">打开药店发给您的营期邀请链接即可报名</span>
          </span>
        }
      />
    );
  }
  return (
    <>
      {periods.data.map((p) => (
        <Card
          key={p.id}
          title={`${p.column_title} · ${p.name}`}
          extra={<span className="patient-muted">{p.pharmacy_name}</span>}
        >
          <div className="patient-muted">营期 {periodDates(p)}</div>
          <PeriodLives period={p} />
        </Card>
      ))}
    </>
  );
}
