import { liveMessages } from '@pharmacy/shared';
import { Alert, Button, Drawer, Flex, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { useLiveDetail } from '../api/live-list';
import { LiveComboTab } from './live-combo-tab';
import { LiveExamTab } from './live-exam-tab';
import { LiveFlowButtons } from './live-flow-buttons';
import { LiveInfoTab } from './live-info-tab';
import { LiveMaterialsTab } from './live-materials-tab';
import { LiveShareTab } from './live-share-tab';
import { LiveUsersTab } from './live-users-tab';

export const liveDetailTabs = ['info', 'share', 'materials', 'exam', 'users', 'combo'] as const;
export type LiveDetailTab = (typeof liveDetailTabs)[number];

/**
 * 直播详情: the live's tabs (基本信息, 分享设置, 资料, 考试题目, 观看用户, 套餐) and, for managers, its flow buttons,
 * 编辑, 同步 and (drafts) 删除.
 */
export function LiveDetailDrawer({
  id,
  canManage,
  onClose,
  onEdit,
  onSync,
  onRemove,
}: {
  id: number;
  canManage: boolean;
  onClose: () => void;
  onEdit: (id: number) => void;
  onSync: (id: number) => void;
  onRemove: (id: number) => Promise<unknown>;
}) {
  const { data: live, isError } = useLiveDetail(id);
  const [tab, setTab] = useState<LiveDetailTab>('info');

  return (
    <Drawer
      open
      title={live ? live.title : '直播详情'}
      size={920}
      onClose={onClose}
      destroyOnHidden
      extra={
        live && canManage ? (
          <Flex gap={8} wrap justify="end">
            <LiveFlowButtons id={live.id} status={live.status} />
            <Button onClick={() => onEdit(live.id)}>编辑</Button>
            <Button onClick={() => onSync(live.id)}>同步</Button>
            {live.status === 'draft' ? (
              <ConfirmButton danger title="删除后不能恢复，确定删除该直播？" onConfirm={() => onRemove(live.id)}>
                删除
              </ConfirmButton>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {live ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as LiveDetailTab)}
          destroyOnHidden
          items={[
            { key: 'info', label: '基本信息', children: <LiveInfoTab live={live} /> },
            {
              key: 'share',
              label: `分享设置${live.share_count ? ` (${live.share_count})` : ''}`,
              children: <LiveShareTab liveId={live.id} canManage={canManage} />,
            },
            {
              key: 'materials',
              label: `资料${live.material_count ? ` (${live.material_count})` : ''}`,
              children: <LiveMaterialsTab liveId={live.id} canManage={canManage} />,
            },
            {
              key: 'exam',
              label: `考试题目${live.question_count ? ` (${live.question_count})` : ''}`,
              children: <LiveExamTab live={live} canManage={canManage} />,
            },
            {
              key: 'users',
              label: '观看用户',
              children: <LiveUsersTab liveId={live.id} passScore={live.config.pass_score} />,
            },
            { key: 'combo', label: '套餐', children: <LiveComboTab live={live} canManage={canManage} /> },
          ]}
        />
      ) : isError ? (
        <Alert type="error" showIcon title={liveMessages.notFound} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
