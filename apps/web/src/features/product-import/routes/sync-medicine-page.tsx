import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ProductImportMode } from '@pharmacy/shared';
import { Alert, Button, Card, Checkbox, Flex, Radio, Space, Statistic, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import {
  downloadImportErrors,
  downloadImportTemplate,
  type ProductImportApplyResult,
  type ProductImportPreview,
  useApplyImport,
  usePreviewImport,
} from '../api/product-import';
import { ImportErrorTable, ImportPreviewTable } from '../components/import-report';

const ACCEPT = '.xlsx,.csv';
const MAX_BYTES = 20 * 1024 * 1024;

function resultText(r: ProductImportApplyResult) {
  const parts = [`新增 ${r.created} 条`, `更新 ${r.updated} 条`];
  if (r.skipped) parts.push(`跳过 ${r.skipped} 条`);
  return `导入成功：${parts.join('，')}`;
}

function SyncMedicine() {
  const [mode, setMode] = useState<ProductImportMode>('create');
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<ProductImportPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [onlyValid, setOnlyValid] = useState(false);
  const [applied, setApplied] = useState<ProductImportApplyResult | null>(null);
  const [downloading, setDownloading] = useState<'template' | 'errors' | null>(null);
  const previewMutation = usePreviewImport();
  const applyMutation = useApplyImport();

  const reset = () => {
    setPreview(null);
    setFileError(null);
    setOnlyValid(false);
    setFileName(null);
  };

  const upload = (file: File) => {
    reset();
    setApplied(null);
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      setFileError('仅支持 .xlsx 或 .csv 文件');
      return;
    }
    if (file.size > MAX_BYTES) {
      setFileError('文件不能超过 20 MB');
      return;
    }
    setFileName(file.name);
    previewMutation.mutate(
      { file, mode },
      {
        // The server refuses a file without data rows; should a report of 0 rows come back anyway, it is no success.
        onSuccess: (p) =>
          p.report.total === 0 ? setFileError('文件中没有数据行，请在表头下方填写药品后上传') : setPreview(p),
        onError: (e) => setFileError(isApiError(e) ? e.msg || '文件校验失败' : '文件校验失败'),
      },
    );
  };

  const download = async (kind: 'template' | 'errors') => {
    setDownloading(kind);
    try {
      if (kind === 'template') await downloadImportTemplate();
      else if (preview) await downloadImportErrors(preview.upload_id);
    } catch {
      // The HTTP layer has shown the failure.
    } finally {
      setDownloading(null);
    }
  };

  const report = preview?.report;
  const canApply = !!report && report.valid > 0 && (report.invalid === 0 || onlyValid);

  const apply = () => {
    if (!preview) return;
    applyMutation.mutate(
      { upload_id: preview.upload_id, mode: preview.mode, only_valid: onlyValid },
      {
        onSuccess: (r) => {
          setApplied(r);
          dialogToast.success(resultText(r));
          reset();
        },
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" title="1. 下载模板并填写">
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading === 'template'}
            onClick={() => void download('template')}
          >
            下载模板
          </Button>
          <Typography.Text type="secondary">
            必填：药品名称、通用名、规格、生产厂家、类型；处方药和 OTC 须填写批准文号（国药准字）。
          </Typography.Text>
        </Space>
      </Card>
      <Card size="small" title="2. 选择方式并上传文件">
        <Flex vertical gap={12}>
          <Radio.Group
            aria-label="导入方式"
            optionType="button"
            value={mode}
            onChange={(e) => {
              setMode(e.target.value);
              reset();
            }}
            options={[
              { value: 'create', label: '新增' },
              { value: 'update', label: '更新' },
            ]}
          />
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={previewMutation.isPending}
            beforeUpload={(file) => {
              upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
            <p className="ant-upload-hint">支持 .xlsx、.csv，最多 50,000 行</p>
          </Upload.Dragger>
          {previewMutation.isPending ? <Alert type="info" showIcon title={`正在校验 ${fileName ?? ''}…`} /> : null}
          {fileError ? <Alert type="error" showIcon role="alert" title={fileError} /> : null}
        </Flex>
      </Card>

      {applied ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={resultText(applied)}
          action={<Link to="/medicine/list">在药品列表查看</Link>}
        />
      ) : null}

      {report && preview ? (
        <Card size="small" title={`3. 校验结果${fileName ? `：${fileName}` : ''}`}>
          <Flex vertical gap={16}>
            <Space size={48} wrap>
              <Statistic title="总行数" value={report.total} />
              <Statistic title="有效行" value={report.valid} valueStyle={{ color: '#389e0d' }} />
              <Statistic
                title="错误行"
                value={report.invalid}
                valueStyle={{ color: report.invalid ? '#cf1322' : undefined }}
              />
            </Space>
            {report.invalid > 0 ? (
              <>
                <Alert
                  type="warning"
                  showIcon
                  title={`有 ${report.invalid} 行未通过校验。请下载错误报告修正后重新上传，或勾选“仅导入有效行”。`}
                  action={
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      loading={downloading === 'errors'}
                      onClick={() => void download('errors')}
                    >
                      下载错误报告
                    </Button>
                  }
                />
                {report.errors_truncated ? (
                  <Typography.Text type="secondary">
                    错误较多，仅列出前 {report.errors.length} 条，完整内容见错误报告。
                  </Typography.Text>
                ) : null}
                <section aria-label="错误明细">
                  <Typography.Title level={5}>错误明细</Typography.Title>
                  <ImportErrorTable errors={report.errors} />
                </section>
              </>
            ) : (
              <Alert type="success" showIcon title="全部行校验通过" />
            )}
            <section aria-label="有效行预览">
              <Typography.Title level={5}>
                有效行预览{report.valid > report.rows.length ? `（前 ${report.rows.length} 行）` : ''}
              </Typography.Title>
              <ImportPreviewTable rows={report.rows} />
            </section>
            <Space wrap>
              {report.invalid > 0 && report.valid > 0 ? (
                <Checkbox checked={onlyValid} onChange={(e) => setOnlyValid(e.target.checked)}>
                  仅导入有效行
                </Checkbox>
              ) : null}
              <Button type="primary" disabled={!canApply} loading={applyMutation.isPending} onClick={apply}>
                {preview.mode === 'update' ? '确认更新' : '确认导入'}
              </Button>
              <Button onClick={reset}>重新上传</Button>
            </Space>
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}

/** /website/syncMedicine — 药品上传 (operator, permission `product`). */
export default function SyncMedicinePage() {
  return (
    <section aria-labelledby="sync-medicine-title">
      <Typography.Title id="sync-medicine-title" level={4} style={{ marginTop: 0 }}>
        药品上传
      </Typography.Title>
      <RequireAdminPermission permission="product">
        <SyncMedicine />
      </RequireAdminPermission>
    </section>
  );
}
