import { UploadOutlined } from '@ant-design/icons';
import { type Column, columnBodySchema } from '@pharmacy/shared';
import { Alert, Button, Flex, Form, Input, Modal, Upload } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { uploadColumnCover, useSaveColumn } from '../api/columns';
import { showServerFieldError, zodRule } from './question-form-rules';

const fields = columnBodySchema.shape;

interface Values {
  title: string;
  cover_url: string;
  intro: string;
}

/** A cover: uploaded through the generic upload, previewed; the URL is what the form keeps. */
export function ColumnCoverInput({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const [uploading, setUploading] = useState(false);
  return (
    <Flex gap={12} align="center">
      <ImageWithFallback
        src={value || undefined}
        alt="专栏封面"
        width={160}
        height={90}
        style={{ objectFit: 'cover' }}
      />
      <Flex vertical gap={8}>
        <Upload
          accept="image/png,image/jpeg,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            setUploading(true);
            uploadColumnCover(file)
              .then((url) => {
                onChange?.(url);
                dialogToast.success('封面已上传');
              })
              .catch((e) => {
                if (!isApiError(e)) dialogToast.error(e instanceof Error ? e.message : '上传失败');
              })
              .finally(() => setUploading(false));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {value ? '更换封面' : '上传封面'}
          </Button>
        </Upload>
        {value ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange?.('')}>
            移除封面
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** 新建专栏 / 编辑专栏: title, cover, intro. A column under review (待审核) is not editable. */
export function ColumnFormDialog({ column, onClose }: { column?: Column; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveColumn();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const parsed = columnBodySchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await save.mutateAsync({ id: column?.id, body: parsed.data });
      dialogToast.success(column ? '专栏已保存' : '专栏已新建');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['title', 'cover_url', 'intro']);
    }
  };

  return (
    <Modal
      open
      title={column ? '编辑专栏' : '新建专栏'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={600}
    >
      {column && (column.status === 'approved' || column.status === 'rejected') ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="修改后专栏状态不变，如需平台重新审核请再次提交审核"
        />
      ) : null}
      <Form<Values>
        form={form}
        name="column-form"
        layout="vertical"
        preserve={false}
        initialValues={
          column
            ? { title: column.title, cover_url: column.cover_url, intro: column.intro }
            : { title: '', cover_url: '', intro: '' }
        }
      >
        <Form.Item name="title" label="专栏名称" required rules={[zodRule(fields.title)]}>
          <Input maxLength={100} placeholder="如 慢病用药训练营" />
        </Form.Item>
        <Form.Item name="cover_url" label="封面" extra="建议 16:9，支持 PNG、JPG、WebP">
          <ColumnCoverInput />
        </Form.Item>
        <Form.Item name="intro" label="简介" rules={[zodRule(fields.intro)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} showCount placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
