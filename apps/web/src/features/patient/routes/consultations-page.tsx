import { Button, Empty, Spin } from 'antd';
import { useMyConsultations } from '../api/consultation-mine';
import { ConsultationCard } from '../components/consultation-card';

/** 问诊与处方: my consultation requests (from RX orders or added by a doctor), newest first, 加载更多. */
export default function ConsultationsPage() {
  const requests = useMyConsultations();
  const list = requests.data?.pages.flatMap((p) => p.list) ?? [];

  if (requests.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!list.length)
    return <Empty description="暂无问诊记录，购买处方药后医生会在这里为您问诊" style={{ marginTop: 48 }} />;
  return (
    <>
      {list.map((r) => (
        <ConsultationCard key={r.id} request={r} />
      ))}
      <div style={{ textAlign: 'center' }}>
        {requests.hasNextPage ? (
          <Button type="link" loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
            加载更多
          </Button>
        ) : (
          <span className="patient-muted">没有更多了</span>
        )}
      </div>
    </>
  );
}
