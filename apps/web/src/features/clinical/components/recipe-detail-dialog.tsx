import { inspectionRejectReasons, recipeWarningLabels } from '@pharmacy/shared';
import { Alert, Button, Descriptions, Flex, Image, List, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { openRecipePdf, useRecipeDetail } from '../api/recipe-detail';
import { frequencyLabel, RecipeStatusTag, recipePatientLine } from './recipe-status-tag';

const rejectLabel = (code: string) => inspectionRejectReasons.find((r) => r.code === code)?.label ?? code;

/** A written prescription (the form dialog): patient, diagnoses, items, the aids' warnings with the doctor's reasons, signature, inspections. */
export function RecipeDetailDialog({
  id,
  onClose,
  onRenew,
}: {
  id: number;
  onClose: () => void;
  /** 续开处方: write a new prescription for the same family member at the same pharmacy, prefilled from this one. */
  onRenew?: (recipe: { id: number }) => void;
}) {
  const { data: r, isLoading, isError } = useRecipeDetail(id);
  return (
    <Modal
      open
      width={960}
      title={r ? `处方 ${r.recipe_no}` : '处方详情'}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          {r && onRenew && r.patient.family_member_id !== null ? (
            <Button onClick={() => onRenew(r)}>续开处方</Button>
          ) : null}
          {r && r.status !== 'void' ? (
            <Button onClick={() => void openRecipePdf(r.id).catch(() => undefined)}>打印处方笺</Button>
          ) : null}
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Flex>
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : isError || !r ? (
        <Alert type="error" showIcon title="处方不存在或无权查看" />
      ) : (
        <Flex vertical gap={12}>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label="处方编号">
              <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                {r.recipe_no}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <RecipeStatusTag status={r.status} />
            </Descriptions.Item>
            <Descriptions.Item label="开具时间">{formatDateTime(r.created_at)}</Descriptions.Item>
            <Descriptions.Item label="患者">
              {r.patient.name}{' '}
              <Typography.Text type="secondary">{recipePatientLine(r.patient.gender, r.patient.age)}</Typography.Text>
              {r.patient.weight_kg ? (
                <Typography.Text type="secondary"> · {r.patient.weight_kg} kg</Typography.Text>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label="发药药店">{r.pharmacy_name}</Descriptions.Item>
            <Descriptions.Item label="订单号">{r.order_no ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="过敏史" span={3}>
              {r.patient.allergy_history.length
                ? r.patient.allergy_history.map((a) => (
                    <Tag key={a} color="red">
                      {a}
                    </Tag>
                  ))
                : '无'}
            </Descriptions.Item>
            <Descriptions.Item label="诊断" span={3}>
              {r.diagnoses.join('；')}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            aria-label="处方药品"
            dataSource={r.items}
            columns={[
              { key: 'n', title: '#', width: 40, render: (_, __, i) => i + 1 },
              {
                key: 'name',
                title: '药品',
                render: (_, it) => (
                  <span>
                    {it.type === 'RX' ? <Tag color="red">处方</Tag> : null}
                    {it.name} <Typography.Text type="secondary">{it.spec}</Typography.Text>
                  </span>
                ),
              },
              { key: 'dose', title: '单次用量', width: 100, render: (_, it) => `${it.dose_amount}${it.dose_unit}` },
              { key: 'freq', title: '频次', width: 110, render: (_, it) => frequencyLabel(it.frequency) },
              { key: 'route', title: '途径', width: 90, dataIndex: 'route' },
              { key: 'days', title: '天数', width: 70, render: (_, it) => `${it.days} 天` },
              { key: 'qty', title: '数量', width: 70, dataIndex: 'qty' },
            ]}
          />
          {r.warnings.length ? (
            <List
              size="small"
              bordered
              header="开方时的用药检查提示与医生说明"
              dataSource={r.warnings}
              renderItem={(w) => (
                <List.Item>
                  <Flex vertical gap={2}>
                    <span>
                      <Tag color="orange">{recipeWarningLabels[w.code]}</Tag>
                      {w.message}
                    </span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      医生说明：{w.override_reason || '—'}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          ) : (
            <Typography.Text type="secondary">开方时用药检查未发现问题</Typography.Text>
          )}
          {r.status === 'rejected' ? (
            <Alert
              type="error"
              showIcon
              title={`审方驳回：${rejectLabel(r.reject_code)}`}
              description={r.reject_reason || undefined}
            />
          ) : null}
          {r.inspections.length ? (
            <List
              size="small"
              header="审方记录"
              dataSource={r.inspections}
              renderItem={(i) => (
                <List.Item>
                  {formatDateTime(i.created_at)} · 药师 {i.pharmacist_name} ·{' '}
                  {i.decision === 'approve'
                    ? '审核通过'
                    : `驳回（${rejectLabel(i.reject_code)}${i.reason ? `：${i.reason}` : ''}）`}
                </List.Item>
              )}
            />
          ) : null}
          <Flex gap={12} align="center">
            <Typography.Text>
              医师：{r.doctor.name}
              {r.doctor.title ? `（${r.doctor.title}）` : ''}
            </Typography.Text>
            {r.signature_url ? (
              <Image src={r.signature_url} alt="医师电子签名" height={44} style={{ border: '1px solid #f0f0f0' }} />
            ) : null}
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
