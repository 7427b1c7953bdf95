import type { ColumnSubmission } from '@pharmacy/shared';
import { Button, Card, Col, Input, Row, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useMemo, useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { useSetPlatformColumnMembers } from '../api/platform-column-members';

type Member = Pick<ColumnSubmission, 'id' | 'title' | 'pharmacy_name' | 'period_count' | 'enrolled_count'>;

/**
 * 选择组件: the approved pharmacy columns this platform column shows, in order (上移 / 下移 / 移除), and all approved
 * columns to add from; 保存 sends the whole ordered list.
 */
export function PlatformColumnMembersEditor({
  platformColumnId,
  members,
  approved,
  approvedLoading,
  canEdit,
}: {
  platformColumnId: number;
  members: Member[];
  approved: Member[];
  approvedLoading: boolean;
  canEdit: boolean;
}) {
  const [chosen, setChosen] = useState<Member[]>(members);
  const [picked, setPicked] = useState<Key[]>([]);
  const [keyword, setKeyword] = useState('');
  const save = useSetPlatformColumnMembers(platformColumnId);

  const chosenIds = useMemo(() => new Set(chosen.map((c) => c.id)), [chosen]);
  const dirty = chosen.map((c) => c.id).join() !== members.map((m) => m.id).join();
  const word = keyword.trim();
  const candidates = approved.filter(
    (c) => !chosenIds.has(c.id) && (!word || c.title.includes(word) || c.pharmacy_name.includes(word)),
  );

  const move = (index: number, by: -1 | 1) =>
    setChosen((old) => {
      const next = [...old];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      return next;
    });
  const add = () => {
    const byId = new Map(approved.map((c) => [c.id, c]));
    setChosen((old) => [...old, ...picked.map((id) => byId.get(Number(id))).filter((c): c is Member => !!c)]);
    setPicked([]);
  };
  const submit = async () => {
    try {
      const saved = await save.mutateAsync(chosen.map((c) => c.id));
      setChosen(saved);
      dialogToast.success('已保存');
    } catch {
      // the http client shows why
    }
  };

  const chosenColumns: ColumnsType<Member> = [
    { key: 'order', title: '顺序', width: 64, render: (_: unknown, __: Member, i: number) => i + 1 },
    { key: 'title', title: '专栏', dataIndex: 'title' },
    { key: 'pharmacy_name', title: '药店', dataIndex: 'pharmacy_name' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 180,
            render: (_: unknown, row: Member, i: number) => (
              <Space size={0}>
                <Button type="link" size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                  上移
                </Button>
                <Button type="link" size="small" disabled={i === chosen.length - 1} onClick={() => move(i, 1)}>
                  下移
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setChosen((old) => old.filter((c) => c.id !== row.id))}
                >
                  移除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  const candidateColumns: ColumnsType<Member> = [
    { key: 'title', title: '专栏', dataIndex: 'title' },
    { key: 'pharmacy_name', title: '药店', dataIndex: 'pharmacy_name' },
    { key: 'period_count', title: '营期数', dataIndex: 'period_count', width: 80 },
    { key: 'enrolled_count', title: '报名人数', dataIndex: 'enrolled_count', width: 90 },
  ];

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Card
            title={
              <>
                展示的专栏 <Tag>{chosen.length}</Tag>
              </>
            }
            size="small"
          >
            <Table<Member>
              aria-label="展示的专栏"
              rowKey="id"
              size="small"
              columns={chosenColumns}
              dataSource={chosen}
              pagination={false}
              locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>还没有选择专栏</span> }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title="可选专栏（已通过审核）"
            size="small"
            extra={
              <Input.Search
                allowClear
                placeholder="专栏或药店名称"
                style={{ width: 200 }}
                onSearch={setKeyword}
                onChange={(e) => !e.target.value && setKeyword('')}
              />
            }
          >
            <Table<Member>
              aria-label="可选专栏"
              rowKey="id"
              size="small"
              columns={candidateColumns}
              dataSource={candidates}
              loading={approvedLoading}
              rowSelection={canEdit ? { selectedRowKeys: picked, onChange: setPicked } : undefined}
              pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
              locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>没有可添加的专栏</span> }}
            />
            {canEdit ? (
              <Button style={{ marginTop: 8 }} disabled={picked.length === 0} onClick={add}>
                添加到展示（{picked.length}）
              </Button>
            ) : null}
          </Card>
        </Col>
      </Row>
      {canEdit ? (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={save.isPending} disabled={!dirty} onClick={() => void submit()}>
            保存
          </Button>
          <Button disabled={!dirty || save.isPending} onClick={() => setChosen(members)}>
            撤销修改
          </Button>
        </Space>
      ) : null}
    </>
  );
}
