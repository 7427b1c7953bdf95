import type { MemberFamily } from '@pharmacy/shared';
import { Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  AddressSection,
  CardHeader,
  FamilySection,
  familyColumns as familyBaseColumns,
  NotesText,
  WhenLoaded,
} from '../../../components/member-card/member-card-sections';
import { PermissionGate } from '../../../components/permission-gate';
import { formatDateTime } from '../../../lib/format';
import { useMemberCard } from '../api/member-card';
import { MemberLevelTag, MemberTags } from './member-level-tag';

const familyColumns: ColumnsType<MemberFamily> = [
  ...familyBaseColumns,
  {
    key: 'id_number',
    title: '身份证号',
    dataIndex: 'id_number',
    render: (v: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{v || '-'}</span>,
  },
  {
    key: 'allergy_history',
    title: '过敏史',
    dataIndex: 'allergy_history',
    render: (v: string[]) => <MemberTags values={v} color="red" />,
  },
  {
    key: 'family_medical_history',
    title: '家族病史',
    dataIndex: 'family_medical_history',
    render: (v: string[]) => <MemberTags values={v} color="orange" />,
  },
  {
    key: 'past_medical_history',
    title: '既往病史',
    dataIndex: 'past_medical_history',
    render: (v: string[]) => <MemberTags values={v} color="geekblue" />,
  },
];

/** 会员卡片: the member's basic info, family members with their histories, and delivery addresses. */
export function MemberCardDrawer({ id, onClose, onEdit }: { id: number; onClose: () => void; onEdit: () => void }) {
  const { data, isError } = useMemberCard(id);

  return (
    <Drawer
      open
      title="会员卡片"
      size={880}
      onClose={onClose}
      destroyOnHidden
      extra={
        <PermissionGate permission="viper_manage">
          <Button type="primary" onClick={onEdit} disabled={!data}>
            编辑
          </Button>
        </PermissionGate>
      }
    >
      <WhenLoaded data={data} isError={isError} errorTitle="会员不存在或已无权查看" skeletonRows={8}>
        {(card) => (
          <Flex vertical gap={24}>
            <section aria-label="基本信息">
              <CardHeader name={card.name} headImgUrl={card.head_img_url} subtitle={card.phone} marginBottom={16} />
              <Descriptions
                size="small"
                bordered
                column={2}
                items={[
                  { key: 'phone', label: '手机号', children: card.phone },
                  { key: 'level', label: '会员等级', children: <MemberLevelTag level={card.level} /> },
                  { key: 'points', label: '积分', children: card.points.toLocaleString('zh-CN') },
                  { key: 'channel', label: '渠道', children: card.channel_name ?? '自然到店' },
                  { key: 'joined', label: '入会时间', children: formatDateTime(card.joined_at) },
                  { key: 'tags', label: '标签', children: <MemberTags values={card.tags} empty="暂无标签" /> },
                  { key: 'remark', label: '备注', span: 2, children: <NotesText notes={card.remark} /> },
                ]}
              />
            </section>
            <FamilySection titleId="member-family-title" members={card.family_members} columns={familyColumns} />
            <AddressSection titleId="member-address-title" addresses={card.addresses} stacked />
            <Typography.Text type="secondary">
              家庭成员和收货地址由会员本人在小程序中维护，此处仅供查看。
            </Typography.Text>
          </Flex>
        )}
      </WhenLoaded>
    </Drawer>
  );
}
