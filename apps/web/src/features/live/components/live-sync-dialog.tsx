import { LIVE_SYNC_MAX_TARGETS, liveSyncBodySchema } from '@pharmacy/shared';
import { Alert, Checkbox, Empty, Flex, Form, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useLiveSync, useLiveSyncTargets } from '../api/live-flow';
import { zodRule } from './live-format';

interface Created {
  pharmacy_id: number;
  pharmacy_name: string;
  live_id: number;
}

/**
 * 同步到其他药店: the other pharmacies the member manages; the live is copied into each as a draft with its materials,
 * share cards and exam (the combo stays behind: it belongs to this pharmacy). Then the lives created are listed.
 */
export function LiveSyncDialog({ id, title, onClose }: { id: number; title?: string; onClose: () => void }) {
  const [form] = Form.useForm<{ pharmacy_ids: number[] }>();
  const targets = useLiveSyncTargets();
  const sync = useLiveSync();
  const [created, setCreated] = useState<Created[] | null>(null);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const result = await sync.mutateAsync({ id, pharmacy_ids: values.pharmacy_ids });
      dialogToast.success(`已同步到 ${result.created.length} 家药店`);
      setCreated(result.created);
    } catch {
      // the HTTP layer has said why (同步目标不正确 …)
    }
  };

  if (created) {
    return (
      <Modal
        open
        title="同步结果"
        okText="知道了"
        onOk={onClose}
        onCancel={onClose}
        footer={(_, { OkBtn }) => <OkBtn />}
      >
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title="已复制为草稿，请到对应药店的课程列表中编辑并发布"
        />
        <Flex vertical style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
          {created.map((c, i) => (
            <Flex
              key={c.pharmacy_id}
              justify="space-between"
              style={{ padding: '8px 12px', borderTop: i ? '1px solid #f0f0f0' : undefined }}
            >
              <span>{c.pharmacy_name}</span>
              <Typography.Text type="secondary">新直播 ID：{c.live_id}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      </Modal>
    );
  }

  const options = (targets.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  return (
    <Modal
      open
      title="同步到其他药店"
      okText="同步"
      cancelText="取消"
      confirmLoading={sync.isPending}
      okButtonProps={{ disabled: !options.length }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {title ? (
        <Typography.Paragraph>
          将「<Typography.Text strong>{title}</Typography.Text>
          」复制为草稿，含资料、分享设置和考试题目（不含绑定的套餐）。
        </Typography.Paragraph>
      ) : null}
      {targets.isLoading ? (
        <Skeleton active />
      ) : options.length ? (
        <Form form={form} name="live-sync" layout="vertical" initialValues={{ pharmacy_ids: [] }}>
          <Form.Item
            name="pharmacy_ids"
            label={`选择药店（最多 ${LIVE_SYNC_MAX_TARGETS} 家）`}
            rules={[zodRule(liveSyncBodySchema.shape.pharmacy_ids)]}
          >
            <Checkbox.Group options={options} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
          </Form.Item>
        </Form>
      ) : (
        <Empty description="没有可同步的药店（需为其他药店的店主、管理员或经理）" />
      )}
    </Modal>
  );
}
