import { PlusOutlined } from '@ant-design/icons';
import { describeHealthAnswers, healthFormStatusLabels, type MyHealthEntry } from '@pharmacy/shared';
import { Alert, Button, Empty, Segmented, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HealthCharts } from '../../../components/health-chart/health-chart';
import { formatDateTime } from '../../../lib/format';
import { useMyHealthChart } from '../api/health-chart';
import { useMyHealth } from '../api/health-mine';
import { Card } from '../components/bits';
import { HealthForm } from '../components/health-form';
import { HealthMeasurementSheet } from '../components/health-measurement-sheet';

const statusColors = { submitted: 'processing', approved: 'success', rejected: 'error' } as const;

/** The latest form's status: 待审核 (may be replaced), 审核通过 (a summary), 已驳回 (the reason and 重新填写). */
function FormStatus({ entry, onEdit }: { entry: MyHealthEntry; onEdit: () => void }) {
  const form = entry.form;
  if (!form)
    return (
      <Card title="健康表">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`还没有为${entry.family_member.name}填写健康表`} />
        <Button type="primary" block shape="round" onClick={onEdit}>
          填写健康表
        </Button>
      </Card>
    );
  return (
    <Card
      title="健康表"
      extra={
        <Tag color={statusColors[form.status]} bordered={false}>
          {healthFormStatusLabels[form.status]}
        </Tag>
      }
    >
      {form.status === 'rejected' ? (
        <Alert
          type="error"
          showIcon
          message="医生驳回了健康表，请修改后重新填写"
          description={`驳回原因：${form.reject_reason}`}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <div className="patient-muted" style={{ marginBottom: 8 }}>
        提交于 {formatDateTime(form.submitted_at)}
        {form.reviewed_at ? ` · 审核于 ${formatDateTime(form.reviewed_at)}` : ''}
      </div>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: '0 0 12px' }}>
        {describeHealthAnswers(form.answers, entry.family_member.gender)
          .filter((l) => ['height_cm', 'weight_kg', 'bmi', 'blood_pressure', 'blood_sugar'].includes(l.key))
          .map((l) => (
            <div key={l.key} style={{ display: 'contents' }}>
              <dt className="patient-muted">{l.label}</dt>
              <dd style={{ margin: 0 }}>{l.value}</dd>
            </div>
          ))}
      </dl>
      <Button block shape="round" type={form.status === 'rejected' ? 'primary' : 'default'} onClick={onEdit}>
        {form.status === 'rejected' ? '重新填写' : form.status === 'submitted' ? '修改后重新提交' : '更新健康表'}
      </Button>
    </Card>
  );
}

function MemberChart({ memberId, memberName }: { memberId: number; memberName: string }) {
  const chart = useMyHealthChart(memberId);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title="健康曲线"
      extra={
        <Button size="small" shape="round" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          记录测量
        </Button>
      }
    >
      {chart.isLoading ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : null}
      {chart.data ? <HealthCharts chart={chart.data} compact /> : null}
      <HealthMeasurementSheet
        memberId={memberId}
        memberName={memberName}
        open={adding}
        onClose={() => setAdding(false)}
      />
    </Card>
  );
}

/** 健康档案: pick a family member, the latest health form's status, the form, measurements and a small chart. */
export default function HealthPage() {
  const mine = useMyHealth();
  const [params, setParams] = useSearchParams();
  // the family member whose form is open (another member's page starts from the status again)
  const [editingFor, setEditingFor] = useState<number | null>(null);
  const entries = mine.data ?? [];
  const wanted = Number(params.get('member'));
  const entry = entries.find((e) => e.family_member.id === wanted) ?? entries[0];
  const memberId = entry?.family_member.id;

  const editing = memberId !== undefined && editingFor === memberId;
  const setEditing = (on: boolean) => setEditingFor(on && memberId !== undefined ? memberId : null);

  if (mine.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!entry)
    return (
      <Empty description="还没有就诊人" style={{ marginTop: 48 }}>
        <Link to="/patient/family-members">
          <Button type="primary" shape="round">
            添加就诊人
          </Button>
        </Link>
      </Empty>
    );

  return (
    <>
      {entries.length > 1 ? (
        <div style={{ overflowX: 'auto', marginBottom: 12 }}>
          <Segmented
            aria-label="选择就诊人"
            value={entry.family_member.id}
            onChange={(id) => setParams({ member: String(id) }, { replace: true })}
            options={entries.map((e) => ({ value: e.family_member.id, label: e.family_member.name }))}
          />
        </div>
      ) : null}
      <div className="patient-muted" style={{ marginBottom: 8 }}>
        {entry.family_member.name} · {entry.family_member.gender === 'male' ? '男' : '女'}
        {entry.family_member.age !== null ? ` · ${entry.family_member.age}岁` : ''}
      </div>
      {editing ? (
        <Card title={entry.form?.status === 'rejected' ? '重新填写健康表' : '填写健康表'}>
          {entry.form?.status === 'rejected' ? (
            <Alert
              type="warning"
              showIcon
              message={`驳回原因：${entry.form.reject_reason}`}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          <HealthForm
            key={entry.family_member.id}
            entry={entry}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Card>
      ) : (
        <FormStatus entry={entry} onEdit={() => setEditing(true)} />
      )}
      <MemberChart memberId={entry.family_member.id} memberName={entry.family_member.name} />
    </>
  );
}
