import { PlusOutlined } from '@ant-design/icons';
import { type Qualification, qualificationKindLabels } from '@pharmacy/shared';
import { Button, Flex, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { useDeleteQualification } from '../api/qualification-delete';
import { useQualifications } from '../api/qualifications';
import { AptitudeExpiryAlerts } from './aptitude-expiry-alerts';
import { AptitudeFormDialog } from './aptitude-form-dialog';
import { AptitudeStateTag } from './aptitude-state-tag';

/**
 * 资质管理 (spec §2's aptitude dialog): the pharmacy's qualification documents with thumbnails (zoom 1×–5×), numbers,
 * expiry dates and their states; add, edit and delete.
 */
export function AptitudeDialog(props: { open: boolean; onClose: () => void }) {
  const { data, isFetching } = useQualifications();
  const remove = useDeleteQualification();
  const [editing, setEditing] = useState<Qualification | 'new' | null>(null);
  const [viewing, setViewing] = useState<{ src: string; alt: string } | null>(null);

  const columns: ColumnsType<Qualification> = [
    {
      key: 'images',
      title: '证照图片',
      width: 150,
      render: (_: unknown, q) => (
        <Space size={4} wrap>
          {q.images.slice(0, 3).map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setViewing({ src, alt: `${q.name} 图片 ${i + 1}` })}
              aria-label={`放大查看${q.name}图片 ${i + 1}`}
              style={{ padding: 0, border: '1px solid #f0f0f0', background: '#fff', cursor: 'zoom-in' }}
            >
              <ImageWithFallback
                src={src}
                alt={`${q.name} 图片 ${i + 1}`}
                width={64}
                height={45}
                style={{ objectFit: 'cover', display: 'block' }}
              />
            </button>
          ))}
          {q.images.length > 3 ? <Typography.Text type="secondary">+{q.images.length - 3}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: 'name',
      title: '证照',
      render: (_: unknown, q) => (
        <Flex vertical>
          <Typography.Text strong>{q.name}</Typography.Text>
          {q.name !== qualificationKindLabels[q.kind] ? (
            <Typography.Text type="secondary">{qualificationKindLabels[q.kind]}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'number', title: '证照编号', dataIndex: 'number', render: (n: string) => n || '-' },
    {
      key: 'expire_at',
      title: '有效期至',
      dataIndex: 'expire_at',
      width: 120,
      render: (d: string | null) => d ?? '长期',
    },
    {
      key: 'state',
      title: '状态',
      width: 100,
      render: (_: unknown, q) => <AptitudeStateTag state={q.expiry_state} />,
    },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: (r: string) => r || '-' },
    {
      key: 'actions',
      title: '操作',
      width: 130,
      render: (_: unknown, q) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(q)}>
            编辑
          </Button>
          <ConfirmButton
            type="link"
            size="small"
            danger
            title={`确定删除“${q.name}”吗？`}
            onConfirm={() =>
              remove.mutateAsync(q.id).then(
                () => dialogToast.success('已删除'),
                () => undefined,
              )
            }
          >
            删除
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open={props.open}
      title="资质管理"
      onCancel={props.onClose}
      footer={<Button onClick={props.onClose}>关闭</Button>}
      width={1080}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {data ? <AptitudeExpiryAlerts list={data.list} months={data.months} /> : null}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            证照到期前 {data?.months ?? 6} 个月标为“即将到期”；营业执照等长期有效的证照无需填写有效期。
          </Typography.Text>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            添加资质
          </Button>
        </Flex>
        <Table<Qualification>
          aria-label="资质证照列表"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.list}
          loading={isFetching && !data}
          pagination={false}
          locale={{ emptyText: '还没有上传资质证照' }}
          scroll={{ x: 900 }}
        />
      </Flex>
      {editing !== null ? (
        <AptitudeFormDialog qualification={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ImageViewer
        open={viewing !== null}
        src={viewing?.src ?? ''}
        alt={viewing?.alt ?? ''}
        onClose={() => setViewing(null)}
      />
    </Modal>
  );
}
