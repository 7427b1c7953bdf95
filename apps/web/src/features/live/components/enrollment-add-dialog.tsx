import { mobilePhoneSchema } from '@pharmacy/shared';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { useEnroll } from '../api/enrollments';

type EnrollResult = { enrolled: number; already: number; not_found: string[]; blacklisted: string[] };

/** The phones typed (one a line; commas and spaces also split), each once, in order. */
export function phonesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；、]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
}

const MAX_PHONES = 500;

/** 添加学员: patients enrolled by phone (后台报名); the answer tells enrolled / already in / unknown / blacklisted. */
export function EnrollmentAddDialog({ periodId, onClose }: { periodId: number; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<EnrollResult | null>(null);
  const enroll = useEnroll();

  const submit = () => {
    const phones = phonesOf(text);
    if (phones.length === 0) return setError('请填写手机号');
    if (phones.length > MAX_PHONES) return setError(`一次最多 ${MAX_PHONES} 个手机号`);
    const bad = phones.filter((p) => !(mobilePhoneSchema as z.ZodType).safeParse(p).success);
    if (bad.length) return setError(`手机号格式不正确：${bad.slice(0, 10).join('、')}${bad.length > 10 ? ' 等' : ''}`);
    setError(null);
    enroll.mutate({ id: periodId, phones }, { onSuccess: setResult });
  };

  return (
    <Modal
      open
      title="添加学员"
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={enroll.isPending} onClick={submit}>
              报名
            </Button>
          </>
        )
      }
    >
      {result ? (
        <Flex vertical gap={12} role="status">
          <Alert
            type={result.enrolled > 0 ? 'success' : 'info'}
            showIcon
            title={`新报名 ${result.enrolled} 人，已在名单中 ${result.already} 人`}
          />
          {result.not_found.length ? (
            <div>
              <Typography.Text strong>未注册的手机号（{result.not_found.length}）</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {result.not_found.join('、')}
              </Typography.Paragraph>
            </div>
          ) : null}
          {result.blacklisted.length ? (
            <div>
              <Typography.Text strong type="danger">
                黑名单用户，不能报名（{result.blacklisted.length}）
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {result.blacklisted.join('、')}
              </Typography.Paragraph>
            </div>
          ) : null}
        </Flex>
      ) : (
        <Form layout="vertical">
          <Form.Item
            label="学员手机号"
            required
            validateStatus={error ? 'error' : undefined}
            help={error ?? `每行一个手机号，一次最多 ${MAX_PHONES} 个；已报名的不重复报名`}
          >
            <Input.TextArea
              aria-label="学员手机号"
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 6, maxRows: 12 }}
              placeholder={'13900000001\n13900000002'}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
