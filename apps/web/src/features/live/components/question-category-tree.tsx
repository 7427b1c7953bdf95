import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { QuestionCategory } from '@pharmacy/shared';
import { Button, Card, Dropdown, Empty, Flex, Spin, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { confirmDialog, dialogToast } from '../../../lib/feedback';
import { useRemoveQuestionCategory } from '../api/question-categories';
import { type CategoryNode, categoryTree } from './question-form-rules';

const ALL = 'all';

interface TreeNode {
  key: string;
  title: string;
  node?: CategoryNode;
  children?: TreeNode[];
}

export interface QuestionCategoryTreeProps {
  categories: readonly QuestionCategory[] | undefined;
  loading: boolean;
  /** The selected category (its questions and its descendants' are listed); undefined: all. */
  selected: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** Whether the add / rename / delete menus show (canManageLive). */
  canManage: boolean;
  /** 新增分类 (parent null) or 新增下级分类. */
  onAdd: (parentId: number | null) => void;
  onEdit: (category: QuestionCategory) => void;
}

/** The left panel of 题库管理: the category tree with 全部题目 on top, each node with its question count. */
export function QuestionCategoryTree(props: QuestionCategoryTreeProps) {
  const { categories, selected, onSelect, canManage } = props;
  const remove = useRemoveQuestionCategory();
  const tree = useMemo(() => categoryTree(categories ?? []), [categories]);
  const treeData = useMemo((): TreeNode[] => {
    const map = (nodes: CategoryNode[]): TreeNode[] =>
      nodes.map((n) => ({ key: String(n.key), title: n.name, node: n, children: map(n.children) }));
    return [{ key: ALL, title: '全部题目', children: map(tree) }];
  }, [tree]);

  const askRemove = (c: QuestionCategory) =>
    confirmDialog({
      title: `确定删除分类「${c.name}」吗？`,
      content: '有下级分类或题目的分类不能删除。',
      okText: '删除',
      cancelText: '取消',
      onOk: () =>
        remove.mutate(c.id, {
          onSuccess: () => {
            dialogToast.success('分类已删除');
            if (selected === c.id) onSelect(undefined);
          },
        }),
    });

  return (
    <Card
      size="small"
      title="题目分类"
      style={{ width: 280, flex: 'none' }}
      extra={
        canManage ? (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => props.onAdd(null)}>
            新增分类
          </Button>
        ) : null
      }
    >
      {props.loading && !categories ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : (
        <>
          <Tree<TreeNode>
            aria-label="题目分类"
            blockNode
            defaultExpandAll
            key={tree.length === 0 ? 'empty' : 'loaded'}
            treeData={treeData}
            selectedKeys={[selected === undefined ? ALL : String(selected)]}
            onSelect={(keys) => {
              const key = keys[0];
              if (key === undefined) return; // clicking the selected node again keeps it
              onSelect(key === ALL ? undefined : Number(key));
            }}
            titleRender={(item) => (
              <Flex justify="space-between" align="center" gap={4}>
                <Typography.Text ellipsis style={{ maxWidth: 170 }}>
                  {item.title}
                </Typography.Text>
                <Flex align="center" gap={2}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.node ? item.node.total : ''}
                  </Typography.Text>
                  {canManage && item.node ? (
                    <Dropdown
                      trigger={['click']}
                      menu={{
                        items: [
                          { key: 'add', label: '新增下级分类' },
                          { key: 'edit', label: '编辑' },
                          { key: 'remove', label: '删除', danger: true },
                        ],
                        onClick: ({ key, domEvent }) => {
                          domEvent.stopPropagation();
                          const c = item.node?.category;
                          if (!c) return;
                          if (key === 'add') props.onAdd(c.id);
                          else if (key === 'edit') props.onEdit(c);
                          else askRemove(c);
                        },
                      }}
                    >
                      <Button
                        type="text"
                        size="small"
                        aria-label={`${item.title}的操作`}
                        icon={<MoreOutlined />}
                        onClick={(e) => e.stopPropagation()}
                      />
                    </Dropdown>
                  ) : null}
                </Flex>
              </Flex>
            )}
          />
          {tree.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分类" style={{ marginTop: 12 }} />
          ) : null}
        </>
      )}
    </Card>
  );
}
