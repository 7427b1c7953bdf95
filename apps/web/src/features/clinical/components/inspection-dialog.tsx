import {
  type InspectionDetail,
  inspectionRejectLabel,
  MERGE_IMAGES_MIN,
  MERGE_IMAGES_TOO_FEW_MESSAGE,
  orderStatusLabels,
} from '@pharmacy/shared';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Empty,
  Flex,
  List,
  Modal,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { mergeImages } from '../../../components/image-merge';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ImageZoomViewer } from '../../../components/image-zoom-viewer';
import { dialogToast, toast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useInspection } from '../api/inspection-detail';
import { useInspectRecipe } from '../api/inspection-inspect';
import { InspectionAids } from './inspection-aids';
import { InspectionCompare } from './inspection-compare';
import { InspectionRejectDialog, type RejectValues } from './inspection-reject-dialog';
import { genderText, InspectionStatusTag } from './inspection-status-tag';

const MERGED = -1;

/** The prescription's images: pick one to view, tick two or more and 合并图片 to view them as one. */
function InspectionImages({
  images,
  onViewed,
  onMerged,
}: {
  images: string[];
  onViewed: (index: number) => void;
  onMerged: () => void;
}) {
  const [current, setCurrent] = useState(0);
  const [checked, setChecked] = useState<number[]>(() => images.map((_, i) => i));
  const [mergedUrl, setMergedUrl] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first image is seen when the dialog opens
  useEffect(() => {
    if (images.length) onViewed(0);
  }, []);
  // the merged image's object URL is freed when replaced or when the dialog closes
  useEffect(
    () => () => {
      if (mergedUrl) URL.revokeObjectURL(mergedUrl);
    },
    [mergedUrl],
  );

  if (!images.length) return <Empty description="暂无处方图片" />;

  const show = (index: number) => {
    setCurrent(index);
    onViewed(index);
  };
  const merge = async () => {
    const selected = checked.filter((i) => i < images.length).sort((a, b) => a - b);
    if (selected.length < MERGE_IMAGES_MIN) {
      toast.warning(MERGE_IMAGES_TOO_FEW_MESSAGE);
      return;
    }
    setMerging(true);
    try {
      const url = await mergeImages(selected.map((i) => images[i]));
      setMergedUrl(url);
      setCurrent(MERGED);
      for (const i of selected) onViewed(i);
      onMerged();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : '图片合并失败');
    } finally {
      setMerging(false);
    }
  };

  const src = current === MERGED && mergedUrl ? mergedUrl : images[Math.max(0, current)];
  return (
    <Flex vertical gap={8}>
      <ImageZoomViewer
        src={src}
        alt={current === MERGED ? '合并后的处方图片' : `处方图片 ${current + 1}`}
        height={440}
      />
      <Flex gap={8} wrap align="center">
        {images.map((image, i) => (
          <Flex key={image + String(i)} vertical align="center" gap={2}>
            <button
              type="button"
              onClick={() => show(i)}
              aria-label={`查看处方图片 ${i + 1}`}
              aria-pressed={current === i}
              style={{
                padding: 0,
                border: `2px solid ${current === i ? '#1677ff' : '#f0f0f0'}`,
                borderRadius: 4,
                background: '#fff',
                cursor: 'pointer',
                lineHeight: 0,
              }}
            >
              <ImageWithFallback
                src={image}
                alt={`处方图片 ${i + 1}`}
                width={64}
                height={64}
                style={{ objectFit: 'cover' }}
              />
            </button>
            <Checkbox
              checked={checked.includes(i)}
              onChange={(e) => setChecked((c) => (e.target.checked ? [...c, i] : c.filter((x) => x !== i)))}
              aria-label={`合并时包含图片 ${i + 1}`}
            />
          </Flex>
        ))}
        {mergedUrl ? (
          <Button type={current === MERGED ? 'primary' : 'default'} size="small" onClick={() => setCurrent(MERGED)}>
            合并图
          </Button>
        ) : null}
        <Button onClick={() => void merge()} loading={merging}>
          合并图片
        </Button>
      </Flex>
    </Flex>
  );
}

/** The patient block: allergies highlighted, histories, weight. */
function PatientBlock({ detail }: { detail: InspectionDetail }) {
  const p = detail.patient;
  const list = (items: string[]) => (items.length ? items.join('、') : '无');
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label="患者">
        {p.name} {genderText(p.gender)} {p.age !== null ? `${p.age} 岁` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="体重">{p.weight_kg ? `${p.weight_kg} kg` : '未填写'}</Descriptions.Item>
      <Descriptions.Item label="过敏史" span={2}>
        {p.allergy_history.length ? (
          p.allergy_history.map((a) => (
            <Tag key={a} color="red">
              {a}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="既往史">{list(p.past_medical_history)}</Descriptions.Item>
      <Descriptions.Item label="家族史">{list(p.family_medical_history)}</Descriptions.Item>
      <Descriptions.Item label="诊断" span={2}>
        {detail.diagnoses.map((d) => (
          <Tag key={d} color="blue">
            {d}
          </Tag>
        ))}
      </Descriptions.Item>
      <Descriptions.Item label="开方医生" span={2}>
        {detail.doctor.name}
        {detail.doctor.title ? ` · ${detail.doctor.title}` : ''}
        {detail.doctor.hospital ? ` · ${detail.doctor.hospital}` : ''}
        {detail.doctor.department ? ` ${detail.doctor.department}` : ''}
      </Descriptions.Item>
    </Descriptions>
  );
}

const section = (title: string) => (
  <Typography.Title level={5} style={{ margin: '12px 0 8px' }}>
    {title}
  </Typography.Title>
);

/**
 * 审核处方: the images in the zoom viewer (合并图片 for two or more), the patient, the diagnoses, the prescription
 * against the order, the inspection aids run again now with the doctor's override reasons, past inspections;
 * 通过 or 驳回 (with a structured reason). What was shown is sent with the decision and kept. A prescription already
 * decided opens read-only (查看).
 */
export function InspectionDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: detail, isLoading, isError } = useInspection(id);
  const inspect = useInspectRecipe();
  const [viewed, setViewed] = useState<Set<number>>(() => new Set());
  const [merged, setMerged] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const pending = detail?.status === 'pending_inspection';
  const shown = useMemo(
    () => ({
      warnings: detail?.aids.warnings ?? [],
      images_viewed: viewed.size,
      merged,
      aids_status: detail?.aids.status,
    }),
    [detail, viewed, merged],
  );

  const decide = async (body: { decision: 'approve' } | ({ decision: 'reject' } & RejectValues)) => {
    try {
      await inspect.mutateAsync({ id, ...body, shown });
      dialogToast.success(
        body.decision === 'approve' ? '处方审核通过，订单进入待发货' : '处方已驳回，订单已取消并退款',
      );
      setRejecting(false);
      onClose();
    } catch (error) {
      // the message is shown by the http client; another pharmacist decided first: the list refreshes, the dialog closes
      if (isApiError(error) && error.httpCode === 409) {
        setRejecting(false);
        onClose();
      }
    }
  };

  const footer = pending ? (
    <Space>
      <Button onClick={onClose}>取消</Button>
      <Button danger onClick={() => setRejecting(true)} disabled={inspect.isPending}>
        驳回
      </Button>
      <Popconfirm
        title="确认通过该处方吗？"
        description={detail?.order ? '通过后订单进入待发货。' : undefined}
        okText="通过"
        cancelText="再看看"
        onConfirm={() => decide({ decision: 'approve' })}
      >
        <Button type="primary" loading={inspect.isPending && !rejecting}>
          通过
        </Button>
      </Popconfirm>
    </Space>
  ) : (
    <Button onClick={onClose}>关闭</Button>
  );

  return (
    <Modal
      open
      title={
        <Flex gap={8} align="center" wrap>
          <span>{pending || !detail ? '审核处方' : '查看处方'}</span>
          {detail ? (
            <>
              <Typography.Text type="secondary" style={{ fontFamily: 'monospace', fontWeight: 'normal' }}>
                {detail.recipe_no}
              </Typography.Text>
              <InspectionStatusTag status={detail.status} />
            </>
          ) : null}
        </Flex>
      }
      width={1240}
      style={{ top: 24 }}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      {isLoading ? <Skeleton active paragraph={{ rows: 12 }} /> : null}
      {isError ? <Alert type="error" showIcon title="处方加载失败，请关闭后重试" /> : null}
      {detail ? (
        <Row gutter={24}>
          <Col xs={24} lg={11}>
            {section('处方图片')}
            <InspectionImages
              images={detail.images}
              onViewed={(i) => setViewed((v) => (v.has(i) ? v : new Set(v).add(i)))}
              onMerged={() => setMerged(true)}
            />
          </Col>
          <Col xs={24} lg={13}>
            {section('患者与诊断')}
            <PatientBlock detail={detail} />
            {section('处方与订单对照')}
            {detail.order ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                订单 <Typography.Text style={{ fontFamily: 'monospace' }}>{detail.order.order_no}</Typography.Text> ·{' '}
                {orderStatusLabels[detail.order.status as keyof typeof orderStatusLabels] ?? detail.order.status} · 实付
                ¥{detail.order.pay_amount}
              </Typography.Paragraph>
            ) : null}
            <InspectionCompare detail={detail} />
            {section('审方辅助')}
            <InspectionAids detail={detail} />
            {section('审核记录')}
            {detail.inspections.length ? (
              <List
                size="small"
                dataSource={detail.inspections}
                renderItem={(r) => (
                  <List.Item>
                    <Flex vertical gap={2}>
                      <span>
                        <Tag color={r.decision === 'approve' ? 'success' : 'error'}>
                          {r.decision === 'approve' ? '通过' : '驳回'}
                        </Tag>
                        {r.pharmacist_name} · {formatDateTime(r.created_at)}
                      </span>
                      {r.decision === 'reject' ? (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {inspectionRejectLabel(r.reject_code)}
                          {r.reason ? `：${r.reason}` : ''}
                        </Typography.Text>
                      ) : null}
                    </Flex>
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="secondary">暂无审核记录</Typography.Text>
            )}
          </Col>
        </Row>
      ) : null}
      {rejecting && detail ? (
        <InspectionRejectDialog
          recipeNo={detail.recipe_no}
          hasOrder={detail.order?.status === 'pending_review'}
          pending={inspect.isPending}
          onClose={() => setRejecting(false)}
          onSubmit={(values) => decide({ decision: 'reject', ...values })}
        />
      ) : null}
    </Modal>
  );
}
