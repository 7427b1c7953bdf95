import { DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import type { LiveMaterial } from '@pharmacy/shared';
import { Button, Flex, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useAddLiveMaterial, useLiveMaterials, useRemoveLiveMaterial } from '../api/live-materials';
import { formatFileSize } from './live-format';

/** The contract's limit for one material. */
export const MATERIAL_MAX_BYTES = 20 * 1024 * 1024;
const MATERIAL_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.png,.jpg,.jpeg,.webp';

/** 资料: the live's files for viewers (upload, list, download, delete). */
export function LiveMaterialsTab({ liveId, canManage }: { liveId: number; canManage: boolean }) {
  const { data, isFetching } = useLiveMaterials(liveId);
  const add = useAddLiveMaterial(liveId);
  const remove = useRemoveLiveMaterial();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = (file: File) => {
    if (file.size > MATERIAL_MAX_BYTES) {
      dialogToast.error('单个资料不能超过 20 MB');
      return;
    }
    setProgress(0);
    add
      .mutateAsync({ file, onProgress: (sent) => setProgress(Math.round(sent * 100)) })
      .then(() => dialogToast.success(`已上传「${file.name}」`))
      .catch((e) => {
        if (!isApiError(e)) dialogToast.error(e instanceof Error ? e.message : '上传失败');
      })
      .finally(() => setProgress(null));
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">支持 PDF、Word、Excel、PPT 和图片，单个不超过 20 MB</Typography.Text>
        {canManage ? (
          <Flex align="center" gap={8}>
            {progress !== null ? <Progress percent={progress} size="small" style={{ width: 120 }} /> : null}
            <Upload
              accept={MATERIAL_ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                upload(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={add.isPending}>
                上传资料
              </Button>
            </Upload>
          </Flex>
        ) : null}
      </Flex>
      <Table<LiveMaterial>
        aria-label="直播资料"
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: '暂无资料' }}
        columns={[
          {
            key: 'name',
            title: '资料名称',
            render: (_, m) => (
              <Flex gap={6} align="center">
                <FileOutlined style={{ color: '#8c8c8c' }} />
                <Typography.Text ellipsis={{ tooltip: m.name }} style={{ maxWidth: 320 }}>
                  {m.name}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'size', title: '大小', width: 100, render: (_, m) => formatFileSize(m.size) },
          { key: 'created_at', title: '上传时间', width: 150, render: (_, m) => formatDateTime(m.created_at) },
          {
            key: 'actions',
            title: '操作',
            width: 140,
            render: (_, m) => (
              <Flex>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  href={m.url}
                  download={m.name}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`下载${m.name}`}
                >
                  下载
                </Button>
                {canManage ? (
                  <ConfirmButton
                    type="link"
                    size="small"
                    danger
                    title={`确定删除「${m.name}」？`}
                    onConfirm={async () => {
                      try {
                        await remove.mutateAsync(m.id);
                        dialogToast.success('资料已删除');
                      } catch {
                        // shown by the HTTP layer
                      }
                    }}
                  >
                    删除
                  </ConfirmButton>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
