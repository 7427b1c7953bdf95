import { healthMessages } from '@pharmacy/shared';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { HealthCharts } from '../../../components/health-chart/health-chart';
import { useHealthChart } from '../api/health-chart';

/** 健康曲线: the form's family member's weight/BMI, blood pressure and blood sugar over the last year. */
export function HealthChartDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isLoading, isError } = useHealthChart(id);
  return (
    <Modal
      open
      title={data ? `健康曲线 · ${data.name}` : '健康曲线'}
      width={820}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : isError || !data ? (
        <Alert type="error" showIcon message={healthMessages.formNotFound} />
      ) : (
        <HealthCharts chart={data} />
      )}
    </Modal>
  );
}
