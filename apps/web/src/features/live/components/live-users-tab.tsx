import { DownloadOutlined } from '@ant-design/icons';
import type { LiveUserStats, LiveViewerRow } from '@pharmacy/shared';
import { Button, Card, Col, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListKeywordSearch, listPagination } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { type LiveUsersQuery, useExportLiveUsers, useLiveUserStats, useLiveUsers } from '../api/live-users';
import { formatWatchTime } from './live-format';

/** The figure cards above the viewers table. */
function StatCards({ stats, passScore }: { stats: LiveUserStats | undefined; passScore: number }) {
  const cards: { key: string; title: string; value: string | number }[] = stats
    ? [
        { key: 'viewers', title: '观看人数', value: stats.viewers },
        { key: 'now', title: '当前在线', value: stats.viewers_now },
        { key: 'enrolled', title: '报名人数', value: stats.enrolled },
        { key: 'watch', title: '总观看时长', value: formatWatchTime(stats.watch_seconds) },
        { key: 'avg', title: '人均观看时长', value: formatWatchTime(stats.avg_watch_seconds) },
        { key: 'answered', title: '答题人数', value: stats.answered },
        { key: 'avgScore', title: '平均分', value: stats.avg_score === null ? '-' : stats.avg_score.toFixed(1) },
        { key: 'passed', title: `及格人数（≥${passScore}）`, value: stats.passed },
        { key: 'orders', title: '套餐成交单数', value: stats.orders },
        { key: 'amount', title: '套餐成交金额', value: `¥${stats.amount}` },
      ]
    : [];
  return (
    <Row gutter={[12, 12]}>
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} lg={6} xl={4} flex="1 0 150px">
          <Card size="small" styles={{ body: { padding: '10px 12px' } }}>
            <Statistic title={c.title} value={c.value} styles={{ content: { fontSize: 20 } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 观看用户: the figures, then the viewers (watch time from heartbeats, exam score, inviter), searchable, 导出. */
export function LiveUsersTab({ liveId, passScore }: { liveId: number; passScore: number }) {
  const [query, setQuery] = useState<LiveUsersQuery>({ page: 1, page_size: 10 });
  const { data, isFetching } = useLiveUsers(liveId, query);
  const stats = useLiveUserStats(liveId);
  const exporting = useExportLiveUsers();

  const doExport = async () => {
    try {
      await exporting.mutateAsync({ id: liveId, keyword: query.keyword });
      dialogToast.success('已导出观看用户');
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <Flex vertical gap={16}>
      <StatCards stats={stats.data} passScore={passScore} />
      <Flex justify="space-between" gap={8} wrap>
        <ListKeywordSearch
          label="按姓名或手机号搜索观看用户"
          placeholder="姓名 / 手机号"
          value={query.keyword}
          onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword }))}
        />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => void doExport()}>
          导出
        </Button>
      </Flex>
      <Table<LiveViewerRow>
        aria-label="观看用户"
        size="small"
        rowKey="account_id"
        loading={isFetching}
        dataSource={data?.list}
        locale={{ emptyText: '暂无观看用户' }}
        pagination={listPagination(query.page, query.page_size, data?.total ?? 0)}
        onChange={(p) =>
          setQuery((q) => ({
            ...q,
            page: p.pageSize !== q.page_size ? 1 : (p.current ?? 1),
            page_size: p.pageSize ?? q.page_size,
          }))
        }
        columns={[
          { key: 'name', title: '姓名', render: (_, r) => r.name || '-' },
          { key: 'phone', title: '手机号', width: 130, render: (_, r) => r.phone },
          { key: 'watch', title: '观看时长', width: 110, render: (_, r) => formatWatchTime(r.watch_seconds) },
          {
            key: 'first',
            title: '首次观看',
            width: 150,
            render: (_, r) => formatDateTime(r.first_watch_at),
          },
          { key: 'last', title: '最近观看', width: 150, render: (_, r) => formatDateTime(r.last_watch_at) },
          {
            key: 'exam',
            title: '考试',
            width: 110,
            render: (_, r) =>
              r.answered ? (
                <Flex gap={4} align="center">
                  <Typography.Text>{r.score ?? 0} 分</Typography.Text>
                  {(r.score ?? 0) >= passScore ? (
                    <Tag color="success" variant="filled">
                      及格
                    </Tag>
                  ) : (
                    <Tag color="error" variant="filled">
                      未及格
                    </Tag>
                  )}
                </Flex>
              ) : (
                <Typography.Text type="secondary">未答题</Typography.Text>
              ),
          },
          { key: 'inviter', title: '邀请人', width: 100, render: (_, r) => r.inviter_name ?? '-' },
        ]}
      />
    </Flex>
  );
}
