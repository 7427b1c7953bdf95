import {
  type ChatHistoryQuery,
  type ChatHistoryRow,
  chatConversationStatuses,
  chatConversationStatusLabels,
  chatHistoryQuerySchema,
} from '@pharmacy/shared';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { ListDateRange, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useColleagues } from '../api/get-colleagues';
import { useChatHistory } from '../api/history-list';
import { excerptAround, Highlight, searchWords } from './history-highlight';
import { HistoryStatusTag, HistoryTranscriptDrawer } from './history-transcript-drawer';

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

function columnsFor(words: string[], open: (r: ChatHistoryRow) => void): ColumnsType<ChatHistoryRow> {
  return [
    {
      key: 'patient',
      title: '患者',
      width: 150,
      render: (_, r) => (
        <Flex vertical gap={2} align="start">
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            onClick={() => open(r)}
            aria-label={`聊天记录：${r.patient_name}`}
          >
            {r.patient_name || '-'}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {r.patient_phone}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'assignee',
      title: '接待人',
      width: 110,
      render: (_, r) => r.assignee_name || <Typography.Text type="secondary">未接入</Typography.Text>,
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_, r) => <HistoryStatusTag status={r.status} />,
    },
    {
      key: 'created_at',
      title: '开始时间',
      width: 150,
      onCell: nowrap,
      render: (_, r) => formatDateTime(r.created_at),
    },
    {
      key: 'last_message_at',
      title: '最后消息时间',
      width: 150,
      onCell: nowrap,
      render: (_, r) => formatDateTime(r.last_message_at),
    },
    {
      key: 'message_count',
      title: '消息数',
      width: 80,
      align: 'right',
      render: (_, r) => r.message_count,
    },
    {
      key: 'excerpt',
      title: words.length ? '匹配内容' : '最后一条消息',
      render: (_, r) => {
        const matched = words.length > 0 && r.matched_text !== null;
        const text = matched ? excerptAround(r.matched_text ?? '', words) : r.last_message_preview;
        return (
          <Typography.Paragraph
            ellipsis={{ rows: 2, tooltip: matched ? r.matched_text : text }}
            style={{ margin: 0, minWidth: 200 }}
          >
            {text ? (
              <Highlight text={text} words={matched ? words : []} />
            ) : (
              <Typography.Text type="secondary">-</Typography.Text>
            )}
          </Typography.Paragraph>
        );
      },
    },
  ];
}

/**
 * The date range as two of the filter form's fields (date_from, date_to): applied with 查询 and cleared by 重置 like
 * the other filters. Rendered inside ListPage's form.
 */
function DateRangeField() {
  const form = Form.useFormInstance();
  const from = Form.useWatch('date_from', form) as string | undefined;
  const to = Form.useWatch('date_to', form) as string | undefined;
  return (
    <>
      <Form.Item name="date_from" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="date_to" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="日期">
        <ListDateRange
          label="会话日期"
          dateFrom={from}
          dateTo={to}
          onChange={(range) => form.setFieldsValue({ date_from: range.date_from, date_to: range.date_to })}
        />
      </Form.Item>
    </>
  );
}

/**
 * 聊天记录: the pharmacy's conversations found by patient (name or phone), staff, date, words in a message and status,
 * kept in the URL; 查看 opens the transcript (read-only) in a drawer (`?action=view&id=`).
 */
export function HistoryList() {
  const list = useListPage({ querySchema: chatHistoryQuerySchema });
  const query = list.query as ChatHistoryQuery;
  const { data, isFetching } = useChatHistory(query);
  const colleagues = useColleagues();
  const words = useMemo(() => searchWords(query.text), [query.text]);
  const columns = useMemo(() => columnsFor(words, (r) => list.openAction('view', r.id)), [words, list]);

  const staffOptions = useMemo(() => {
    const options = (colleagues.data ?? []).map((c) => ({ value: c.account_id, label: c.name || c.role_label }));
    // a staff id in the URL that is no longer a colleague still reads as something
    if (query.staff_id && !options.some((o) => o.value === query.staff_id))
      options.push({ value: query.staff_id, label: `员工 ${query.staff_id}` });
    return options;
  }, [colleagues.data, query.staff_id]);

  const rowActions: RowAction<ChatHistoryRow>[] = [{ key: 'view', label: '查看' }];
  const viewId = list.action?.key === 'view' ? Number(list.action.id) : 0;
  const viewRow = data?.list.find((r) => r.id === viewId) ?? null;

  return (
    <ListPage<ChatHistoryRow, ChatHistoryQuery>
      label="聊天记录列表"
      list={list}
      scope="pharmacy"
      filters={
        <>
          <Form.Item name="patient" label="患者">
            <Input allowClear placeholder="姓名或手机号" style={{ width: 160 }} maxLength={50} />
          </Form.Item>
          <Form.Item name="staff_id" label="接待人">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部接待人"
              style={{ width: 150 }}
              loading={colleagues.isLoading}
              options={staffOptions}
            />
          </Form.Item>
          <DateRangeField />
          <Form.Item name="text" label="消息内容">
            <Input allowClear placeholder="消息中的文字" style={{ width: 180 }} maxLength={50} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              options={chatConversationStatuses.map((s) => ({ value: s, label: chatConversationStatusLabels[s] }))}
            />
          </Form.Item>
        </>
      }
      columns={columns}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={80}
      dialogs={{
        view: {
          render: ({ id, close }) => <HistoryTranscriptDrawer id={Number(id)} row={viewRow} onClose={close} />,
        },
      }}
    />
  );
}
