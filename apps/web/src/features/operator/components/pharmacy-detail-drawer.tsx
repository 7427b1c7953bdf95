import {
  type AdminPharmacyDetail,
  type ExpiryState,
  expiryStateLabels,
  operatorKeys,
  type Qualification,
  qualificationKindLabels,
  roleLabels,
} from '@pharmacy/shared';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  Skeleton,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useAdminPermission } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useCheckPharmacyDocument, useDecidePharmacy } from '../api/pharmacy-decide';
import { usePharmacy } from '../api/pharmacy-detail';
import { PharmacyQualificationDialog } from './pharmacy-qualification-dialog';
import { PharmacyReasonDialog } from './pharmacy-reason-dialog';
import { PharmacyStatusTag } from './pharmacy-status-tag';

const KEY = operatorKeys.pharmacy;
const ignore = () => undefined;

/** Expired red, expiring (within the window) orange, valid green, long-term plain. */
const expiryColors: Record<ExpiryState, string> = {
  expired: 'red',
  expiring: 'orange',
  valid: 'green',
  long_term: 'default',
};

export function ExpiryTag({ state, date }: { state: ExpiryState; date: string | null }) {
  return (
    <Flex vertical gap={2} align="start">
      <Tag color={expiryColors[state]}>{expiryStateLabels[state]}</Tag>
      {date ? (
        <Typography.Text type={state === 'expired' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {date}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function Checklist({ pharmacy }: { pharmacy: AdminPharmacyDetail }) {
  const can = useAdminPermission();
  const check = useCheckPharmacyDocument();
  const editable = pharmacy.status === 'pending' && can(KEY);
  return (
    <Flex vertical gap={8} role="group" aria-label="资质核对">
      {pharmacy.checklist.map((item) => (
        <Tooltip key={item.kind} title={item.has_document ? undefined : '尚未上传该资质，请先补充'}>
          <Checkbox
            checked={item.checked}
            disabled={!editable || (!item.has_document && !item.checked) || check.isPending}
            onChange={(e) =>
              check.mutateAsync({ id: pharmacy.id, kind: item.kind, checked: e.target.checked }).then(ignore, ignore)
            }
          >
            {item.label}
            {item.has_document ? null : (
              <Typography.Text type="danger" style={{ marginInlineStart: 8, fontSize: 12 }}>
                未上传
              </Typography.Text>
            )}
          </Checkbox>
        </Tooltip>
      ))}
    </Flex>
  );
}

function Qualifications({ pharmacy }: { pharmacy: AdminPharmacyDetail }) {
  const columns: ColumnsType<Qualification> = [
    {
      key: 'kind',
      title: '证照',
      render: (_: unknown, q) => (
        <Flex vertical>
          <span>{q.name || qualificationKindLabels[q.kind]}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={q.number ? { text: q.number } : false}>
            {q.number || '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'expire_at',
      title: '有效期',
      width: 120,
      render: (_: unknown, q) => <ExpiryTag state={q.expiry_state} date={q.expire_at} />,
    },
    {
      key: 'images',
      title: '图片',
      width: 150,
      render: (_: unknown, q) => (
        <Image.PreviewGroup>
          <Flex gap={4} wrap>
            {q.images.map((src, i) => (
              <Image
                key={src}
                src={src}
                width={56}
                height={40}
                style={{ objectFit: 'cover' }}
                alt={`${q.name}图片 ${i + 1}`}
              />
            ))}
          </Flex>
        </Image.PreviewGroup>
      ),
    },
  ];
  return (
    <Table<Qualification>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={pharmacy.qualifications}
      pagination={false}
      locale={{ emptyText: '暂无资质文件' }}
    />
  );
}

function Staff({ pharmacy }: { pharmacy: AdminPharmacyDetail }) {
  return (
    <Table
      size="small"
      rowKey="id"
      dataSource={pharmacy.staff}
      pagination={false}
      locale={{ emptyText: '暂无员工' }}
      columns={[
        { key: 'name', title: '姓名', dataIndex: 'name', render: (v: string) => v || '-' },
        { key: 'phone', title: '手机号', dataIndex: 'phone' },
        { key: 'role', title: '角色', dataIndex: 'role', render: (r: keyof typeof roleLabels) => roleLabels[r] },
        {
          key: 'status',
          title: '状态',
          dataIndex: 'status',
          render: (s: string) => (s === 'active' ? <Tag color="green">正常</Tag> : <Tag>已停用</Tag>),
        },
        { key: 'created_at', title: '加入时间', dataIndex: 'created_at', render: formatDateTime },
      ]}
    />
  );
}

/** 药店详情: status and the decision buttons, the checklist (applications), qualifications, staff, basic info. */
export function PharmacyDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: p, isLoading, isError } = usePharmacy(id);
  const can = useAdminPermission();
  const decide = useDecidePharmacy();
  const [dialog, setDialog] = useState<'reject' | 'suspend' | 'resume' | 'document' | null>(null);

  const approve = () =>
    decide.mutateAsync({ id, decision: 'approve' }).then(() => dialogToast.success('已通过入驻申请'), ignore);

  const actions =
    p && can(KEY) ? (
      <Flex gap={8}>
        {p.status === 'pending' ? (
          <>
            <Button onClick={() => setDialog('document')}>补充资质</Button>
            <Button danger onClick={() => setDialog('reject')}>
              驳回
            </Button>
            <Tooltip title={p.checklist_complete ? undefined : '请先核对全部必需资质'}>
              <Button type="primary" disabled={!p.checklist_complete} loading={decide.isPending} onClick={approve}>
                通过
              </Button>
            </Tooltip>
          </>
        ) : null}
        {p.status === 'active' ? (
          <Button danger onClick={() => setDialog('suspend')}>
            暂停营业
          </Button>
        ) : null}
        {p.status === 'suspended' ? (
          <Button type="primary" onClick={() => setDialog('resume')}>
            恢复营业
          </Button>
        ) : null}
      </Flex>
    ) : null;

  return (
    <Drawer open title={p?.name ?? '药店详情'} size={760} onClose={onClose} extra={actions} destroyOnHidden>
      {isLoading ? <Skeleton active /> : null}
      {isError ? <Empty description="药店不存在或加载失败" /> : null}
      {p ? (
        <Flex vertical gap={16}>
          <Flex gap={8} align="center" wrap>
            <PharmacyStatusTag status={p.status} />
            {p.group ? <Tag color="blue">{p.group.name}</Tag> : null}
            {p.reviewed_at ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.reviewer_name || '运营'} 于 {formatDateTime(p.reviewed_at)} 处理
              </Typography.Text>
            ) : null}
          </Flex>
          {p.status_reason ? (
            <Alert
              type="error"
              showIcon
              title={p.status === 'rejected' ? '未通过原因' : '暂停原因'}
              description={p.status_reason}
            />
          ) : null}
          {p.status === 'pending' ? (
            <Alert
              type={p.checklist_complete ? 'success' : 'warning'}
              showIcon
              title={p.checklist_complete ? '必需资质已全部核对，可以通过' : '请逐项核对必需资质后再通过'}
              description={<Checklist pharmacy={p} />}
            />
          ) : null}
          {p.expired_count > 0 || p.expiring_count > 0 ? (
            <Alert
              type={p.expired_count > 0 ? 'error' : 'warning'}
              showIcon
              title={[
                p.expired_count > 0 ? `${p.expired_count} 项资质已过期` : '',
                p.expiring_count > 0 ? `${p.expiring_count} 项资质将在 ${p.months} 个月内到期` : '',
              ]
                .filter(Boolean)
                .join('，')}
            />
          ) : null}
          <Tabs
            items={[
              {
                key: 'info',
                label: '基本信息',
                children: (
                  <Descriptions size="small" column={2} bordered>
                    <Descriptions.Item label="地址" span={2}>
                      {[p.province, p.city, p.district, p.address].filter(Boolean).join(' ') || '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label="电话">{p.phone || '-'}</Descriptions.Item>
                    <Descriptions.Item label="营业时间">{p.business_hours || '-'}</Descriptions.Item>
                    <Descriptions.Item label="店主">
                      {p.owner_name || '-'} {p.owner_phone}
                    </Descriptions.Item>
                    <Descriptions.Item label="集团">{p.group?.name ?? '-'}</Descriptions.Item>
                    <Descriptions.Item label="营业执照">{p.business_licence_no || '-'}</Descriptions.Item>
                    <Descriptions.Item label="药品经营许可证">
                      <Flex gap={8} align="center" wrap>
                        {p.drug_licence_no || '-'}
                        {p.drug_licence_no ? (
                          <ExpiryTag state={p.drug_licence_state} date={p.drug_licence_expire_at} />
                        ) : null}
                      </Flex>
                    </Descriptions.Item>
                    <Descriptions.Item label="上架报价">{p.quote_count}</Descriptions.Item>
                    <Descriptions.Item label="集团共享报价">{p.cross_group ? '已开启' : '未开启'}</Descriptions.Item>
                    <Descriptions.Item label="申请时间">
                      {p.applied_at ? formatDateTime(p.applied_at) : '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label="创建时间">{formatDateTime(p.created_at)}</Descriptions.Item>
                  </Descriptions>
                ),
              },
              {
                key: 'qualifications',
                label: `资质 (${p.qualifications.length})`,
                children: <Qualifications pharmacy={p} />,
              },
              { key: 'staff', label: `员工 (${p.staff.length})`, children: <Staff pharmacy={p} /> },
            ]}
          />
        </Flex>
      ) : null}
      {p && (dialog === 'reject' || dialog === 'suspend' || dialog === 'resume') ? (
        <PharmacyReasonDialog pharmacy={p} decision={dialog} onClose={() => setDialog(null)} />
      ) : null}
      {p && dialog === 'document' ? (
        <PharmacyQualificationDialog pharmacyId={p.id} onClose={() => setDialog(null)} />
      ) : null}
    </Drawer>
  );
}
