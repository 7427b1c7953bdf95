import { type ReceivingAccountBody, receivingAccountBodySchema } from '@pharmacy/shared';
import { Button, Card, Col, Flex, Form, Input, Row, Skeleton } from 'antd';
import { useEffect } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useReceivingAccount, useUpdateReceivingAccount } from '../api/settings-receiving-account';
import { showServerFieldError, zodRule } from './settings-rules';

const fields = receivingAccountBodySchema.shape;

type Values = Required<ReceivingAccountBody>;

/**
 * 收款账户: bank, account name and number. The number on file is never sent to the console whole: the field shows the
 * masked one as its placeholder and stays empty; typing a new number replaces it, leaving it empty keeps it.
 */
export function ReceivingAccountForm() {
  const { data, isLoading } = useReceivingAccount();
  const save = useUpdateReceivingAccount();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (data) form.setFieldsValue({ bank: data.bank, account_name: data.account_name, account_no: '' });
  }, [data, form]);

  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 3 }} />;

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync(values);
      form.setFieldValue('account_no', '');
      dialogToast.success('收款账户已保存');
    } catch (error) {
      showServerFieldError(form, error, ['bank', 'account_name', 'account_no']);
    }
  };

  return (
    <Card title="收款账户" size="small">
      <Form<Values> form={form} name="receiving-account" layout="vertical">
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item name="bank" label="开户银行" required rules={[zodRule(fields.bank)]}>
              <Input maxLength={100} placeholder="如 招商银行上海分行张江支行" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="account_name" label="开户名称" required rules={[zodRule(fields.account_name)]}>
              <Input maxLength={100} placeholder="与营业执照一致的企业名称" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="account_no"
              label="银行账号"
              required={!data.has_account_no}
              rules={[
                zodRule(fields.account_no),
                ...(data.has_account_no ? [] : [{ required: true, message: '请输入银行账号' }]),
              ]}
              extra={data.has_account_no ? `当前账号 ${data.account_no}，留空则不修改` : '8–30 位数字'}
            >
              <Input
                inputMode="numeric"
                maxLength={40}
                autoComplete="off"
                placeholder={data.has_account_no ? data.account_no : '请输入银行账号'}
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="flex-end">
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存收款账户
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
