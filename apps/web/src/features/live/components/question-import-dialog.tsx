import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { QUESTION_IMPORT_MAX_ROWS, type QuestionCategory, type QuestionImportResult } from '@pharmacy/shared';
import { Alert, Button, Flex, Modal, Result, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { downloadQuestionTemplate, useImportQuestions } from '../api/question-import';
import { QuestionCategorySelect } from './question-category-select';

type FailedRow = QuestionImportResult['failed'][number];

const failedColumns = [
  { key: 'row', title: '行号', dataIndex: 'row', width: 80 },
  {
    key: 'errors',
    title: '问题',
    dataIndex: 'errors',
    render: (errors: string[]) => (
      <Flex vertical>
        {errors.map((e) => (
          <span key={e}>{e}</span>
        ))}
      </Flex>
    ),
  },
];

/**
 * 导入题目: 下载模板, then upload the filled .xlsx. Either every row is right and all are imported (the count is
 * shown), or nothing is written and the rows at fault are listed with their problems.
 */
export function QuestionImportDialog(props: {
  categories: readonly QuestionCategory[];
  categoryId?: number | null;
  onClose: () => void;
}) {
  const importing = useImportQuestions();
  const [categoryId, setCategoryId] = useState<number | null>(props.categoryId ?? null);
  const [result, setResult] = useState<QuestionImportResult | null>(null);
  const [fileName, setFileName] = useState('');
  const [downloading, setDownloading] = useState(false);

  const upload = (file: File) => {
    setResult(null);
    setFileName(file.name);
    importing.mutate({ file, category_id: categoryId ?? undefined }, { onSuccess: setResult });
  };

  return (
    <Modal
      open
      title="导入题目"
      width={720}
      onCancel={props.onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={<Button onClick={props.onClose}>关闭</Button>}
    >
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          title="先下载模板，按模板填写后上传"
          description={`每行一道题：分类、题型（单选题 / 多选题 / 判断题）、题干、选项A…选项F、答案（如 A、AC、正确 / 错误）、解析、分值。任一行有误时不导入任何题目；一次最多 ${QUESTION_IMPORT_MAX_ROWS} 道题。`}
        />
        <Flex gap={12} align="center" wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              downloadQuestionTemplate()
                .catch(() => undefined)
                .finally(() => setDownloading(false));
            }}
          >
            下载模板
          </Button>
          <Flex align="center" gap={8}>
            <Typography.Text>未填分类的题目放入</Typography.Text>
            <div style={{ width: 220 }}>
              <QuestionCategorySelect
                categories={props.categories}
                value={categoryId}
                onChange={setCategoryId}
                placeholder="不指定（未分类）"
                aria-label="默认分类"
              />
            </div>
          </Flex>
        </Flex>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={importing.isPending}
          beforeUpload={(file) => {
            upload(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{importing.isPending ? '正在导入…' : '点击或拖拽 .xlsx 文件到此处上传'}</p>
          {fileName ? <p className="ant-upload-hint">{fileName}</p> : null}
        </Upload.Dragger>
        {result && result.failed.length === 0 ? (
          <Result status="success" title={`导入成功：共 ${result.imported} 道题`} style={{ padding: 16 }} />
        ) : null}
        {result && result.failed.length > 0 ? (
          <>
            <Alert
              type="error"
              showIcon
              title={`有 ${result.failed.length} 行有误，未导入任何题目`}
              description="请按下表修改表格后重新上传。"
            />
            <Typography.Text strong>逐行问题</Typography.Text>
            <Table<FailedRow>
              aria-label="导入问题"
              size="small"
              rowKey="row"
              columns={failedColumns}
              dataSource={result.failed}
              pagination={result.failed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
