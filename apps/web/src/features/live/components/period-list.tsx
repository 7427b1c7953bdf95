import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Period } from '@pharmacy/shared';
import { Button, Card, Empty, Flex, Popconfirm, Spin, Tooltip, Typography } from 'antd';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useRemovePeriod } from '../api/periods';

export interface PeriodListProps {
  periods: Period[] | undefined;
  loading: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  canManage: boolean;
  onCreate: () => void;
  onEdit: (period: Period) => void;
  onCopy: (period: Period) => void;
  /** After a delete (the page selects another period). */
  onRemoved: (id: number) => void;
}

/** The column's camp periods (营期), newest setting first as the server orders them; one is selected. */
export function PeriodList(props: PeriodListProps) {
  const { periods, selected, canManage } = props;
  const remove = useRemovePeriod();
  return (
    <Card
      size="small"
      title="营期"
      style={{ width: 300, flex: 'none' }}
      extra={
        canManage ? (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={props.onCreate}>
            新建营期
          </Button>
        ) : null
      }
      styles={{ body: { padding: 8 } }}
    >
      {props.loading && !periods ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : !periods?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无营期" />
      ) : (
        <ul aria-label="营期列表" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {periods.map((p) => {
            const active = p.id === selected;
            return (
              <li key={p.id} style={{ marginBottom: 4 }}>
                <Flex
                  vertical
                  gap={2}
                  style={{
                    padding: '8px 10px',
                    borderRadius: 6,
                    cursor: 'pointer',
                    background: active ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
                    border: `1px solid ${active ? 'var(--ant-color-primary-border, #91caff)' : 'transparent'}`,
                  }}
                  onClick={() => props.onSelect(p.id)}
                >
                  <Flex justify="space-between" align="center" gap={4}>
                    <Typography.Link
                      strong={active}
                      aria-current={active ? 'true' : undefined}
                      onClick={(e) => {
                        e.stopPropagation();
                        props.onSelect(p.id);
                      }}
                      ellipsis
                      style={{ maxWidth: 160 }}
                    >
                      {p.name}
                    </Typography.Link>
                    {canManage ? (
                      <Flex gap={0} onClick={(e) => e.stopPropagation()}>
                        <Tooltip title="编辑">
                          <Button
                            type="text"
                            size="small"
                            aria-label={`编辑${p.name}`}
                            icon={<EditOutlined />}
                            onClick={() => props.onEdit(p)}
                          />
                        </Tooltip>
                        <Tooltip title="复制">
                          <Button
                            type="text"
                            size="small"
                            aria-label={`复制${p.name}`}
                            icon={<CopyOutlined />}
                            onClick={() => props.onCopy(p)}
                          />
                        </Tooltip>
                        <Popconfirm
                          title={`确定删除「${p.name}」吗？`}
                          description="已有学员报名的营期不能删除"
                          okText="删除"
                          cancelText="取消"
                          onConfirm={() =>
                            remove.mutateAsync(p.id).then(
                              () => {
                                dialogToast.success('营期已删除');
                                props.onRemoved(p.id);
                              },
                              () => undefined,
                            )
                          }
                        >
                          <Button
                            type="text"
                            size="small"
                            danger
                            aria-label={`删除${p.name}`}
                            icon={<DeleteOutlined />}
                          />
                        </Popconfirm>
                      </Flex>
                    ) : null}
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(p.start_at)} 至 {formatDateTime(p.end_at)}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {p.live_count} 场直播 · {p.enrolled_count} 人报名
                  </Typography.Text>
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
