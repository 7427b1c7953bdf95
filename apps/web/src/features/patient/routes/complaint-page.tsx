import { PlusOutlined } from '@ant-design/icons';
import { type ReportTargetKind, reportTargetKinds } from '@pharmacy/shared';
import { Button, Empty, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMyComplaints } from '../api/complaint-mine';
import { ComplaintCard } from '../components/complaint-card';
import { ComplaintSheet } from '../components/complaint-sheet';

/** The target a link asks to complain about (`?kind=order&id=…`, from the order's page), if it names one. */
function linkedTarget(params: URLSearchParams): { kind: ReportTargetKind; id?: number } | undefined {
  const kind = params.get('kind');
  if (!reportTargetKinds.includes(kind as ReportTargetKind)) return undefined;
  const id = Number(params.get('id'));
  return { kind: kind as ReportTargetKind, id: Number.isSafeInteger(id) && id > 0 ? id : undefined };
}

/** /patient/complaint 投诉建议: my complaints with their status and the platform's answer; 我要投诉 opens the form. */
export default function ComplaintPage() {
  const [params, setParams] = useSearchParams();
  const initial = useMemo(() => linkedTarget(params), [params]);
  const [adding, setAdding] = useState(initial !== undefined);
  const mine = useMyComplaints();

  const close = () => {
    setAdding(false);
    if (initial) setParams({}, { replace: true });
  };

  if (mine.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const list = mine.data?.list ?? [];
  return (
    <>
      {list.length === 0 ? (
        <Empty description="您还没有提交过投诉" style={{ marginTop: 48 }} />
      ) : (
        list.map((r) => <ComplaintCard key={r.id} report={r} />)
      )}
      <div className="patient-bottom-bar">
        <Button type="primary" block size="large" shape="round" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          我要投诉
        </Button>
      </div>
      <ComplaintSheet open={adding} onClose={close} initial={initial} />
    </>
  );
}
