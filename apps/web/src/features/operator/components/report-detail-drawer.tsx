import {
  type AdminReportDetail,
  adminPharmacyStatusLabels,
  type OrderStatus,
  operatorKeys,
  orderStatusLabels,
  type ReportTargetSummary,
  reportTargetKindLabels,
} from '@pharmacy/shared';
import { Alert, Button, Descriptions, Drawer, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { useAdminPermission } from '../../../components/permission-gate';
import { formatDateTime } from '../../../lib/format';
import type { ReportDecision } from '../api/report-decide';
import { useAdminReport } from '../api/report-detail';
import { ReportDecisionDialog } from './report-decision-dialog';
import { ReportStatusTag } from './report-status-tag';

const pharmacyStatus = (s: string | null) =>
  s ? (adminPharmacyStatusLabels[s as keyof typeof adminPharmacyStatusLabels] ?? s) : '';

/** What the complaint is about, as it is now. */
function TargetSummary({ target }: { target: ReportTargetSummary }) {
  if (!target.exists)
    return <Alert type="warning" showIcon title={`该${reportTargetKindLabels[target.kind]}已不存在`} />;
  const items = {
    order: [
      { key: 'no', label: '订单号', children: target.order_no },
      {
        key: 'status',
        label: '订单状态',
        children: target.order_status ? orderStatusLabels[target.order_status as OrderStatus] : '',
      },
      { key: 'amount', label: '实付金额', children: target.order_amount ? `¥${target.order_amount}` : '' },
      { key: 'at', label: '下单时间', children: formatDateTime(target.order_created_at) },
      { key: 'pharmacy', label: '药店', children: target.pharmacy_name },
    ],
    pharmacy: [
      { key: 'name', label: '药店', children: target.pharmacy_name },
      { key: 'status', label: '药店状态', children: pharmacyStatus(target.pharmacy_status) },
    ],
    doctor: [
      { key: 'name', label: '医生', children: target.doctor_name },
      { key: 'title', label: '职称', children: target.doctor_title || '-' },
      {
        key: 'hospital',
        label: '医院科室',
        children: [target.doctor_hospital, target.doctor_department].filter(Boolean).join(' ') || '-',
      },
    ],
    live: [
      { key: 'title', label: '直播', children: target.live_title },
      { key: 'lecturer', label: '讲师', children: target.live_lecturer },
      { key: 'start', label: '开播时间', children: formatDateTime(target.live_start_at) },
      { key: 'pharmacy', label: '药店', children: target.pharmacy_name },
    ],
  }[target.kind];
  return <Descriptions size="small" column={1} bordered items={items} />;
}

function Body({ report, onDecide }: { report: AdminReportDetail; onDecide: (d: ReportDecision) => void }) {
  const can = useAdminPermission();
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'status', label: '状态', children: <ReportStatusTag status={report.status} /> },
          {
            key: 'target',
            label: '投诉对象',
            children: `${reportTargetKindLabels[report.target_kind]} · ${report.target_label}`,
          },
          { key: 'category', label: '投诉类型', children: report.category },
          {
            key: 'reporter',
            label: '投诉人',
            children: `${report.reporter_name || '未填写'} ${report.reporter_phone}`,
          },
          { key: 'contact', label: '联系电话', children: report.contact_phone || '-' },
          { key: 'at', label: '投诉时间', children: formatDateTime(report.created_at) },
        ]}
      />
      <div>
        <Typography.Title level={5}>投诉内容</Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
          {report.content}
        </Typography.Paragraph>
        {report.images.length ? (
          <Flex gap={8} wrap>
            {report.images.map((src, i) => (
              <button
                key={src}
                type="button"
                onClick={() => setViewing(src)}
                aria-label={`查看图片 ${i + 1}`}
                style={{
                  padding: 0,
                  border: '1px solid #f0f0f0',
                  borderRadius: 4,
                  background: '#fff',
                  cursor: 'zoom-in',
                }}
              >
                <ImageWithFallback
                  src={src}
                  alt={`投诉图片 ${i + 1}`}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                />
              </button>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">未上传图片</Typography.Text>
        )}
      </div>
      <div>
        <Typography.Title level={5}>{reportTargetKindLabels[report.target_kind]}信息</Typography.Title>
        <TargetSummary target={report.target} />
      </div>
      {report.status === 'pending' ? (
        can(operatorKeys.report) ? (
          <Flex gap={8} justify="flex-end">
            <Button danger onClick={() => onDecide('reject')}>
              驳回
            </Button>
            <Button type="primary" onClick={() => onDecide('process')}>
              处理
            </Button>
          </Flex>
        ) : null
      ) : (
        <Alert
          type={report.status === 'processed' ? 'success' : 'warning'}
          showIcon
          title={`${report.status === 'processed' ? '处理结果' : '驳回原因'}（${report.handler_name ?? '运营'} · ${formatDateTime(report.handled_at)}）`}
          description={report.result}
        />
      )}
      <ImageViewer open={viewing !== null} src={viewing ?? ''} alt="投诉图片" onClose={() => setViewing(null)} />
    </Flex>
  );
}

/** 投诉详情: the complaint, its images, what it is about; 处理 / 驳回 while pending. */
export function ReportDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isPending, isError } = useAdminReport(id);
  const [deciding, setDeciding] = useState<ReportDecision | null>(null);
  return (
    <Drawer open title="投诉详情" size={560} onClose={onClose} destroyOnHidden>
      {isError || id <= 0 ? (
        <Result status="404" title="投诉不存在" />
      ) : isPending ? (
        <Skeleton active />
      ) : (
        <Body report={data} onDecide={setDeciding} />
      )}
      {data && deciding ? (
        <ReportDecisionDialog report={data} decision={deciding} onClose={() => setDeciding(null)} />
      ) : null}
    </Drawer>
  );
}
