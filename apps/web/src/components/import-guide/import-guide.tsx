import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, Progress, Space, Statistic, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { dialogToast } from '../../lib/feedback';
import { isApiError } from '../../lib/http';
import { ImportErrorTable, ImportPreviewTable, type ImportRowError } from './import-tables';

const ACCEPT = '.xlsx,.csv';
const MAX_BYTES = 20 * 1024 * 1024;

/** What every import's preview answers: the stored upload and its report. */
export interface ImportPreviewLike<Row extends { row: number }> {
  upload_id: string;
  report: {
    total: number;
    valid: number;
    invalid: number;
    errors: ImportRowError[];
    errors_truncated: boolean;
    rows: Row[];
  };
}

export interface ImportGuideProps<Row extends { row: number }, P extends ImportPreviewLike<Row>, R> {
  /** Step 1: what to fill in, and the template download. */
  templateHint: ReactNode;
  downloadTemplate: () => Promise<unknown>;
  /** Step 2's title (default 2. 上传文件) and anything shown above the drop zone (a mode choice …). */
  uploadTitle?: string;
  beforeUpload?: ReactNode;
  /** Sends the file and reports the share sent (0…1); answers the report. */
  preview: (file: File, onProgress: (sent: number) => void) => Promise<P>;
  downloadErrors: (uploadId: string) => Promise<unknown>;
  /** The valid rows' columns in the preview table (the first valid rows as they will be written). */
  previewColumns: ColumnsType<Row>;
  /** Further figures of the report beside 总行数 / 有效行 / 错误行. */
  extraStatistics?: (preview: P) => { title: string; value: number }[];
  /** Applies the upload (all rows, or the valid ones); answers what was written. */
  apply: (preview: P, onlyValid: boolean) => Promise<R>;
  applyLabel: (preview: P) => string;
  resultText: (result: R) => string;
  /** Shown beside the result (a link to where the rows went). */
  resultAction?: ReactNode;
  onApplied?: (result: R) => void;
  /** Row limit for the drop zone's hint. */
  maxRowsText?: string;
}

/**
 * The import guide every spreadsheet import uses (medicines, quotes): 1. download the template; 2. upload the file
 * with a progress bar, and it is validated on the server (nothing written); 3. the report — counts, the errors by
 * row and column in Chinese, the error report download, the first valid rows — and the apply: all rows, or with
 * 仅导入有效行 the valid ones only, in one transaction on the server.
 */
export function ImportGuide<Row extends { row: number }, P extends ImportPreviewLike<Row>, R>(
  props: ImportGuideProps<Row, P, R>,
) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [onlyValid, setOnlyValid] = useState(false);
  const [applied, setApplied] = useState<R | null>(null);
  const [applying, setApplying] = useState(false);
  const [downloading, setDownloading] = useState<'template' | 'errors' | null>(null);
  const uploading = progress !== null;

  const reset = () => {
    setPreview(null);
    setFileError(null);
    setOnlyValid(false);
    setFileName(null);
  };

  const upload = async (file: File) => {
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
    setProgress(0);
    try {
      const p = await props.preview(file, (sent) => setProgress(Math.round(sent * 100)));
      // The server refuses a file without data rows; should a report of 0 rows come back anyway, it is no success.
      if (p.report.total === 0) setFileError('文件中没有数据行，请在表头下方填写后上传');
      else setPreview(p);
    } catch (e) {
      setFileError(isApiError(e) ? e.msg || '文件校验失败' : '文件校验失败');
    } finally {
      setProgress(null);
    }
  };

  const download = async (kind: 'template' | 'errors') => {
    setDownloading(kind);
    try {
      if (kind === 'template') await props.downloadTemplate();
      else if (preview) await props.downloadErrors(preview.upload_id);
    } catch {
      // The HTTP layer has shown the failure.
    } finally {
      setDownloading(null);
    }
  };

  const report = preview?.report;
  const partial = !!report && report.invalid > 0;
  const canApply = !!report && report.valid > 0 && (report.invalid === 0 || onlyValid);

  const apply = async () => {
    if (!preview) return;
    setApplying(true);
    try {
      const r = await props.apply(preview, partial && onlyValid);
      setApplied(r);
      dialogToast.success(props.resultText(r));
      reset();
      props.onApplied?.(r);
    } catch {
      // The HTTP layer has shown the failure (its message says why nothing was written).
    } finally {
      setApplying(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small" title="1. 下载模板">
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading === 'template'}
            onClick={() => void download('template')}
          >
            下载模板
          </Button>
          <Typography.Text type="secondary">{props.templateHint}</Typography.Text>
        </Space>
      </Card>
      <Card size="small" title={props.uploadTitle ?? '2. 上传文件'}>
        <Flex vertical gap={12}>
          {props.beforeUpload}
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
            <p className="ant-upload-hint">支持 .xlsx、.csv，{props.maxRowsText ?? '最多 50,000 行'}</p>
          </Upload.Dragger>
          {uploading ? (
            <div role="status" aria-live="polite">
              <Typography.Text>
                {progress < 100 ? `正在上传 ${fileName ?? ''}` : `上传完成，正在校验 ${fileName ?? ''}…`}
              </Typography.Text>
              <Progress aria-label="上传进度" percent={progress} status="active" />
            </div>
          ) : null}
          {fileError ? <Alert type="error" showIcon role="alert" title={fileError} /> : null}
        </Flex>
      </Card>

      {applied ? (
        <Alert type="success" showIcon role="status" title={props.resultText(applied)} action={props.resultAction} />
      ) : null}

      {report && preview ? (
        <Card size="small" title={`3. 校验结果${fileName ? `：${fileName}` : ''}`}>
          <Flex vertical gap={16}>
            <Space size={48} wrap>
              <Statistic title="总行数" value={report.total} />
              <Statistic title="有效行" value={report.valid} styles={{ content: { color: '#389e0d' } }} />
              <Statistic
                title="错误行"
                value={report.invalid}
                styles={{ content: { color: report.invalid ? '#cf1322' : undefined } }}
              />
              {props.extraStatistics?.(preview).map((s) => (
                <Statistic key={s.title} title={s.title} value={s.value} />
              ))}
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
              <ImportPreviewTable rows={report.rows} columns={props.previewColumns} />
            </section>
            <Space wrap>
              {partial && report.valid > 0 ? (
                <Checkbox checked={onlyValid} onChange={(e) => setOnlyValid(e.target.checked)}>
                  仅导入有效行
                </Checkbox>
              ) : null}
              <Button type="primary" disabled={!canApply} loading={applying} onClick={() => void apply()}>
                {partial && onlyValid ? `导入有效行（${report.valid} 行）` : props.applyLabel(preview)}
              </Button>
              <Button onClick={reset}>重新上传</Button>
            </Space>
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}
