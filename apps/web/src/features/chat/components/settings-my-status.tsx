import { type ChatStaffStatus, chatStaffStatuses, chatStaffStatusLabels } from '@pharmacy/shared';
import { Badge, Card, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useMyChatStatus } from '../api/my-status-get';
import { useSetMyChatStatus } from '../api/my-status-set';

/**
 * 我的状态: 在线 (new consultations are offered to me) or 离开 (not offered); beside it whether the chat room counts me
 * online right now, which also needs a console with the chat room connected (its heartbeat).
 */
export function SettingsMyStatus() {
  const { data } = useMyChatStatus();
  const set = useSetMyChatStatus();

  return (
    <Card title="我的状态" size="small">
      {!data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex vertical gap={8}>
          <Flex gap={16} align="center" wrap>
            <Segmented<ChatStaffStatus>
              aria-label="我的接待状态"
              value={set.isPending && set.variables ? set.variables : data.status}
              disabled={set.isPending}
              options={chatStaffStatuses.map((s) => ({ value: s, label: chatStaffStatusLabels[s] }))}
              onChange={(status) => set.mutate(status)}
            />
            <output aria-label="当前接待状态">
              {data.online ? (
                <Badge status="success" text="当前计为在线，新的咨询会分配给您" />
              ) : data.status === 'away' ? (
                <Badge status="default" text="已离开，新的咨询不会分配给您" />
              ) : (
                <Badge status="warning" text="未连接聊天室，暂不计为在线" />
              )}
            </output>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            设为“在线”且聊天室保持连接时，待接入的咨询会提醒您接入；设为“离开”后不再提醒，已接入的会话不受影响。
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
