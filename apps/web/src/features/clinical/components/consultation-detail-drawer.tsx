import type { ConsultationDetail } from '@pharmacy/shared';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import { useConsultation } from '../api/consultation-detail';
import { ConsultationSourceTag, ConsultationStatusTag, consultationGenderText } from './consultation-status-tag';

const none = <Typography.Text type="secondary">无</Typography.Text>;

function History({ items, danger }: { items: string[]; danger?: boolean }) {
  if (!items.length) return none;
  return (
    <Flex gap={4} wrap>
      {items.map((h) => (
        <Tag key={h} color={danger ? 'red' : undefined} bordered={!danger}>
          {h}
        </Tag>
      ))}
    </Flex>
  );
}

/** Thumbnails; a click opens the zoom viewer (1×–5×). */
export function ConsultationImages({ images, label }: { images: string[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!images.length) return none;
  return (
    <>
      <Flex gap={8} wrap>
        {images.map((src, i) => (
          <button
            key={src}
            type="button"
            onClick={() => setOpen(i)}
            aria-label={`查看大图：${label} ${i + 1}`}
            style={{ padding: 0, border: '1px solid #f0f0f0', borderRadius: 4, background: '#fff', cursor: 'zoom-in' }}
          >
            <ImageWithFallback
              src={src}
              alt={`${label} ${i + 1}`}
              width={88}
              height={88}
              style={{ objectFit: 'cover', display: 'block', borderRadius: 4 }}
            />
          </button>
        ))}
      </Flex>
      <ImageViewer
        open={open !== null}
        src={open === null ? '' : images[open]!}
        alt={`${label} ${(open ?? 0) + 1}`}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

function Body({ data }: { data: ConsultationDetail }) {
  const p = data.patient;
  return (
    <Flex vertical gap={16}>
      {p.allergy_history.length ? (
        <Alert type="error" showIcon title={`过敏史：${p.allergy_history.join('、')}`} />
      ) : null}
      <Descriptions
        size="small"
        column={2}
        bordered
        title="就诊人"
        items={[
          { key: 'name', label: '姓名', children: p.name },
          {
            key: 'ga',
            label: '性别 / 年龄',
            children: `${consultationGenderText(p.gender)} / ${p.age === null ? '未知' : `${p.age}岁`}`,
          },
          { key: 'phone', label: '患者手机号', children: data.phone },
          { key: 'pharmacy', label: '发药药店', children: data.pharmacy_name },
          {
            key: 'allergy',
            label: '过敏史',
            span: 2,
            children: <History items={p.allergy_history} danger />,
          },
          { key: 'family', label: '家族史', span: 2, children: <History items={p.family_medical_history} /> },
          { key: 'past', label: '既往史', span: 2, children: <History items={p.past_medical_history} /> },
        ]}
      />
      <Descriptions
        size="small"
        column={2}
        bordered
        title="问诊需求"
        items={[
          {
            key: 'status',
            label: '状态',
            children: (
              <Space size={4}>
                <ConsultationStatusTag status={data.status} />
                <ConsultationSourceTag source={data.source} />
              </Space>
            ),
          },
          { key: 'created', label: '提交时间', children: formatDateTime(data.created_at) },
          {
            key: 'order',
            label: '订单号',
            children: data.order_no ? <Typography.Text copyable>{data.order_no}</Typography.Text> : '-',
          },
          { key: 'recipe', label: '处方编号', children: data.recipe_no ?? '-' },
          {
            key: 'desc',
            label: '病情描述',
            span: 2,
            children: data.description || none,
          },
          ...(data.status === 'rejected'
            ? [{ key: 'reason', label: '拒绝原因', span: 2, children: data.reject_reason }]
            : []),
        ]}
      />
      <div>
        <Typography.Title level={5}>需要的药品</Typography.Title>
        <Table
          size="small"
          rowKey="product_id"
          pagination={false}
          dataSource={data.wanted_items}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未指定药品" /> }}
          columns={[
            {
              key: 'name',
              title: '药品',
              render: (_, w) => (
                <Flex vertical>
                  <span>
                    {w.name} {w.type === 'RX' ? <Tag color="red">处方药</Tag> : null}
                  </span>
                  {w.generic_name && w.generic_name !== w.name ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      通用名：{w.generic_name}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            { key: 'spec', title: '规格', dataIndex: 'spec' },
            { key: 'qty', title: '数量', dataIndex: 'qty', width: 70, align: 'right' },
          ]}
        />
      </div>
      <div>
        <Typography.Title level={5}>处方 / 病历图片</Typography.Title>
        <ConsultationImages images={data.images} label="问诊图片" />
      </div>
    </Flex>
  );
}

/** 问诊详情: the family member with histories (allergies first, in red), the request, wanted items, images; the decisions. */
export function ConsultationDetailDrawer({
  id,
  onClose,
  onApprove,
  onReject,
  onWrite,
  busy,
}: {
  id: number;
  onClose: () => void;
  onApprove: (d: ConsultationDetail) => void;
  onReject: (d: ConsultationDetail) => void;
  onWrite: (d: ConsultationDetail) => void;
  busy?: boolean;
}) {
  const { data, isLoading } = useConsultation(id);
  const footer = data ? (
    <Flex justify="end" gap={8}>
      {data.status === 'pending' || data.status === 'approved' ? (
        <Button danger onClick={() => onReject(data)}>
          拒绝
        </Button>
      ) : null}
      {data.status === 'pending' ? (
        <Button type="primary" loading={busy} onClick={() => onApprove(data)}>
          接诊
        </Button>
      ) : null}
      {data.status === 'approved' ? (
        <Button type="primary" onClick={() => onWrite(data)}>
          开处方
        </Button>
      ) : null}
    </Flex>
  ) : null;
  return (
    <Drawer
      open
      title={data ? `问诊详情 · ${data.patient.name}` : '问诊详情'}
      size={720}
      onClose={onClose}
      footer={footer}
      destroyOnHidden
    >
      {isLoading || !data ? <Skeleton active /> : <Body data={data} />}
    </Drawer>
  );
}
