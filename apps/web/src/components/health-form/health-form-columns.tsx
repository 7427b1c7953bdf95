import {
  BP_DIASTOLIC_LIMIT,
  BP_SYSTOLIC_LIMIT,
  familyRelationLabel,
  type HealthFormStatus,
  healthFormStatusLabels,
  healthFormTabLabels,
} from '@pharmacy/shared';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/**
 * What the doctor's 健康表审核 (clinical) and the manager's 健康表审核 (marketing) show of a health form alike: its
 * status tag, the patient's gender and relation, and the measurement and status columns of their lists.
 */

const statusColors: Record<HealthFormStatus, string> = {
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** The form's status as the reviews show it (驳回 for a rejected form, as its tab says). */
export function HealthFormStatusTag({ status }: { status: HealthFormStatus }) {
  return (
    <Tag color={statusColors[status]} bordered={false}>
      {status === 'rejected' ? healthFormTabLabels.rejected : healthFormStatusLabels[status]}
    </Tag>
  );
}

export const genderText = (g: string) => (g === 'male' ? '男' : g === 'female' ? '女' : '-');

export const relationText = (r: string) => (r ? familyRelationLabel(r) : '-');

/** Blood pressure at or above 140/90 or fasting sugar ≥ 7.0 reads in red: what a reviewer looks at first. */
const SUGAR_HIGH = 7;
const high = { color: '#cf1322', fontWeight: 500 } as const;
const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

interface HealthFormRow {
  systolic: number | null;
  diastolic: number | null;
  blood_sugar: string | null;
  bmi: string | null;
  status: HealthFormStatus;
  reject_reason: string;
}

/** The 血压, 血糖, BMI and 状态 columns of a list of health forms. */
export function healthMeasureColumns<T extends HealthFormRow>(): ColumnsType<T> {
  return [
    {
      key: 'bp',
      title: '血压',
      width: 130,
      onCell: nowrap,
      render: (_, r) =>
        r.systolic === null ? (
          '-'
        ) : (
          <span style={r.systolic >= BP_SYSTOLIC_LIMIT || (r.diastolic ?? 0) >= BP_DIASTOLIC_LIMIT ? high : undefined}>
            {r.systolic}/{r.diastolic} <Typography.Text type="secondary">mmHg</Typography.Text>
          </span>
        ),
    },
    {
      key: 'sugar',
      title: '血糖',
      width: 130,
      onCell: nowrap,
      render: (_, r) =>
        r.blood_sugar === null ? (
          '-'
        ) : (
          <span style={Number(r.blood_sugar) >= SUGAR_HIGH ? high : undefined}>
            {r.blood_sugar} <Typography.Text type="secondary">mmol/L</Typography.Text>
          </span>
        ),
    },
    { key: 'bmi', title: 'BMI', width: 80, render: (_, r) => r.bmi ?? '-' },
    {
      key: 'status',
      title: '状态',
      width: 160,
      render: (_, r) => (
        <Flex vertical gap={2} align="start">
          <HealthFormStatusTag status={r.status} />
          {r.status === 'rejected' && r.reject_reason ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.reject_reason }}>
              {r.reject_reason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
}
