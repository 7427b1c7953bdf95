import type { LiveShare } from '@pharmacy/shared';
import { liveShareBodySchema } from '@pharmacy/shared';
import { Button, Flex, Form, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { type LiveShareBody, useLiveShares, useRemoveLiveShare, useSaveLiveShare } from '../api/live-shares';
import { showServerFieldError, zodRule } from './live-format';
import { LiveImageInput } from './live-image-input';
import { LiveCover } from './live-status-tag';

const fields = liveShareBodySchema.shape;

/** 新增分享 / 编辑分享: the card a shared link shows (title, description, image) and whether it is used. */
function LiveShareDialog({ liveId, share, onClose }: { liveId: number; share: LiveShare | null; onClose: () => void }) {
  const [form] = Form.useForm<LiveShareBody>();
  const save = useSaveLiveShare(liveId);
  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({ shareId: share?.id, body: liveShareBodySchema.parse(values) });
      dialogToast.success(share ? '分享设置已保存' : '分享设置已添加');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['title', 'description', 'image_url']);
    }
  };
  return (
    <Modal
      open
      title={share ? '编辑分享设置' : '新增分享设置'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<LiveShareBody>
        form={form}
        name="live-share"
        layout="vertical"
        preserve={false}
        initialValues={share ?? { title: '', description: '', image_url: '', enabled: true }}
      >
        <Form.Item name="title" label="分享标题" required rules={[zodRule(fields.title)]}>
          <Input maxLength={100} showCount placeholder="如 王药师讲高血压用药，快来听" />
        </Form.Item>
        <Form.Item name="description" label="分享描述" rules={[zodRule(fields.description)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="image_url" label="分享图片">
          <LiveImageInput label="分享图片" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 分享设置: the live's share cards; managers add, edit and delete them. */
export function LiveShareTab({ liveId, canManage }: { liveId: number; canManage: boolean }) {
  const { data, isFetching } = useLiveShares(liveId);
  const remove = useRemoveLiveShare();
  const [editing, setEditing] = useState<LiveShare | 'new' | null>(null);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">分享到微信时展示的卡片内容</Typography.Text>
        {canManage ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            新增分享设置
          </Button>
        ) : null}
      </Flex>
      <Table<LiveShare>
        aria-label="分享设置"
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: '暂无分享设置' }}
        columns={[
          {
            key: 'image',
            title: '图片',
            width: 90,
            render: (_, s) => <LiveCover src={s.image_url} title={s.title} width={72} />,
          },
          {
            key: 'title',
            title: '标题 / 描述',
            render: (_, s) => (
              <Flex vertical gap={2}>
                <Typography.Text strong>{s.title}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: s.description }}>
                  {s.description || '-'}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'enabled',
            title: '状态',
            width: 80,
            render: (_, s) => (
              <Tag color={s.enabled ? 'success' : 'default'} variant="filled">
                {s.enabled ? '启用' : '停用'}
              </Tag>
            ),
          },
          {
            key: 'created_at',
            title: '创建时间',
            width: 150,
            render: (_, s) => formatDateTime(s.created_at),
          },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: '操作',
                  width: 120,
                  render: (_: unknown, s: LiveShare) => (
                    <Flex>
                      <Button type="link" size="small" onClick={() => setEditing(s)}>
                        编辑
                      </Button>
                      <ConfirmButton
                        type="link"
                        size="small"
                        danger
                        title="确定删除该分享设置？"
                        onConfirm={async () => {
                          try {
                            await remove.mutateAsync(s.id);
                            dialogToast.success('分享设置已删除');
                          } catch {
                            // shown by the HTTP layer
                          }
                        }}
                      >
                        删除
                      </ConfirmButton>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <LiveShareDialog liveId={liveId} share={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Flex>
  );
}
