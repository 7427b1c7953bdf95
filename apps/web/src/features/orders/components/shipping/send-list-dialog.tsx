import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { SEND_LIST_MAX_ROWS, type SendListRow } from '@pharmacy/shared';
import { Alert, Button, Flex, Modal, Progress, Space, Statistic, Switch, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { dialogToast } from '../../../../lib/feedback';
import { isApiError } from '../../../../lib/http';
import {
  downloadSendListTemplate,
  previewSendList,
  type SendListApplied,
  type SendListPreviewResult,
  useApplySendList,
} from '../../api/shipping-send-list';

const MAX_BYTES = 2 * 1024 * 1024;

/**
 * 批量发货: download the template, upload 订单号 + 运单号 (+ 快递公司), read the per-row report (nothing shipped yet),
 * then ship the valid rows; rows that fail at that moment (shipped meanwhile) are listed.
 */
export function SendListDialog({ onClose }: { onClose: () => void }) {
  const [preview, setPreview] = useState<SendListPreviewResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [applied, setApplied] = useState<SendListApplied | null>(null);
  const [downloading, setDownloading] = useState(false);
  const apply = useApplySendList();

  const upload = async (file: File) => {
    setPreview(null);
    setApplied(null);
    setFileError(null);
    if (!/\.(xlsx|csv)$/i.test(file.name)) return setFileError('仅支持 .xlsx 或 .csv 文件');
    if (file.size > MAX_BYTES) return setFileError('文件不能超过 2 MB');
    setProgress(0);
    try {
      const p = await previewSendList(file, (sent) => setProgress(Math.round(sent * 100)));
      setPreview(p);
      setOnlyErrors(p.invalid > 0);
    } catch (e) {
      setFileError(isApiError(e) ? e.msg || '文件校验失败' : '文件校验失败');
    } finally {
      setProgress(null);
    }
  };

  const ship = async () => {
    if (!preview) return;
    const rows = preview.rows
      .filter((r) => r.errors.length === 0)
      .map((r) => ({
        row: r.row,
        order_no: r.order_no,
        tracking_no: r.tracking_no,
        courier_code: r.courier_code as 'SF',
      }));
    try {
      const result = await apply.mutateAsync({ rows });
      dialogToast.success(
        result.failed ? `已发货 ${result.applied} 单，${result.failed} 单未发货` : `已发货 ${result.applied} 单`,
      );
      if (result.failed === 0) onClose();
      else {
        setApplied(result);
        setPreview(null);
      }
    } catch {
      // the http client has shown the failure
    }
  };

  const rows = preview ? (onlyErrors ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows) : [];
  return (
    <Modal
      open
      title="批量发货"
      onCancel={onClose}
      destroyOnHidden
      width={880}
      footer={
        <Space>
          <Button onClick={onClose}>{applied ? '完成' : '取消'}</Button>
          {preview ? (
            <Button type="primary" disabled={preview.valid === 0} loading={apply.isPending} onClick={() => void ship()}>
              {preview.invalid ? `发货有效行（${preview.valid} 单）` : `确认发货（${preview.valid} 单）`}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              downloadSendListTemplate()
                .catch(() => undefined)
                .finally(() => setDownloading(false));
            }}
          >
            下载模板
          </Button>
          <Typography.Text type="secondary">
            填写「订单号」「运单号」，快递公司选填（不填按运单号前缀识别）；仅「待发货」订单可发货。
          </Typography.Text>
        </Space>
        <Upload.Dragger
          accept=".xlsx,.csv"
          showUploadList={false}
          multiple={false}
          disabled={progress !== null || apply.isPending}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
          <p className="ant-upload-hint">
            支持 .xlsx、.csv，一次最多 {SEND_LIST_MAX_ROWS} 行；上传后先逐行校验，确认后才发货
          </p>
        </Upload.Dragger>
        {progress !== null ? <Progress percent={progress} size="small" status="active" /> : null}
        {fileError ? <Alert type="error" showIcon title={fileError} /> : null}
        {preview ? (
          <>
            <Flex gap={32} align="center" wrap>
              <Statistic title="总行数" value={preview.total} />
              <Statistic title="可发货" value={preview.valid} styles={{ content: { color: '#237804' } }} />
              <Statistic
                title="错误行"
                value={preview.invalid}
                styles={{ content: { color: preview.invalid ? '#cf1322' : undefined } }}
              />
              <Space>
                <Switch size="small" checked={onlyErrors} onChange={setOnlyErrors} aria-label="只看错误行" />
                <Typography.Text>只看错误行</Typography.Text>
              </Space>
            </Flex>
            {preview.invalid ? (
              <Alert
                type="warning"
                showIcon
                title={`有 ${preview.invalid} 行不能发货（原因见下表），确认后只发货 ${preview.valid} 个有效行。`}
              />
            ) : null}
            <Table<SendListRow>
              size="small"
              rowKey="row"
              dataSource={rows}
              pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: '行号', dataIndex: 'row', width: 64 },
                { title: '订单号', dataIndex: 'order_no', width: 190, render: (v: string) => v || '—' },
                { title: '运单号', dataIndex: 'tracking_no', width: 170, render: (v: string) => v || '—' },
                { title: '快递公司', dataIndex: 'company_name', width: 110, render: (v: string) => v || '—' },
                {
                  title: '校验结果',
                  dataIndex: 'errors',
                  render: (errors: string[]) =>
                    errors.length === 0 ? (
                      <Tag color="green">可发货</Tag>
                    ) : (
                      <Typography.Text type="danger">{errors.join('；')}</Typography.Text>
                    ),
                },
              ]}
            />
          </>
        ) : null}
        {applied ? (
          <>
            <Alert
              type="warning"
              showIcon
              title={`已发货 ${applied.applied} 单，${applied.failed} 单未发货（订单状态已变化），原因如下。`}
            />
            <Table
              size="small"
              rowKey="row"
              pagination={false}
              dataSource={applied.results.filter((r) => !r.ok)}
              columns={[
                { title: '行号', dataIndex: 'row', width: 64 },
                { title: '订单号', dataIndex: 'order_no', width: 200 },
                {
                  title: '结果',
                  dataIndex: 'message',
                  render: (m: string) => <Typography.Text type="danger">{m}</Typography.Text>,
                },
              ]}
            />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
