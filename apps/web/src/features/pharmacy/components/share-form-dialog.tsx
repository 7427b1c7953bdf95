import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ComboQuote,
  liveStatusLabels,
  recipientPhoneSchema,
  SHARE_ITEMS_MAX,
  SHARE_MESSAGE_MAX,
  SHARE_QTY_MAX,
  SHARE_TITLE_MAX,
  type ShareCreateBody,
  type ShareKind,
  shareKindLabels,
  shareKinds,
  shareMessages,
} from '@pharmacy/shared';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Radio, Select, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useShare } from '../api/share-detail';
import { useShareOptions } from '../api/share-options';
import { useSaveShare } from '../api/share-save';
import { ComboQuotePickerDialog } from './combo-quote-picker-dialog';

interface Line {
  quote_id: number;
  name: string;
  spec: string;
  price: string;
  qty: number;
}

interface Values {
  kind: ShareKind;
  title: string;
  message?: string;
  quote_set_id?: number;
  live_id?: number;
  recipient_phone?: string;
}

const SERVER_FIELDS = ['title', 'message', 'recipient_phone', 'quote_set_id', 'live_id', 'kind'] as const;

/**
 * 创建分享 / 编辑分享: what is shared (quotes with quantities, a combo on sale or a published live class), the title,
 * the message and, when creating, the recipient's phone (changed later through 改手机号). Saving sends it to review.
 */
export function ShareFormDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const existing = useShare(id);
  const options = useShareOptions();
  const save = useSaveShare();
  const [lines, setLines] = useState<Line[]>([]);
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'items';

  // the edited share fills the form once it arrives
  const loaded = existing.data;
  useEffect(() => {
    if (!loaded) return;
    form.setFieldsValue({
      kind: loaded.kind,
      title: loaded.title,
      message: loaded.message,
      quote_set_id: loaded.quote_set_id ?? undefined,
      live_id: loaded.live_id ?? undefined,
    });
    setLines(loaded.items.map(({ quote_id, name, spec, price, qty }) => ({ quote_id, name, spec, price, qty })));
  }, [loaded, form]);

  const addQuotes = (quotes: ComboQuote[]) => {
    setLines((current) => [
      ...current,
      ...quotes.map((q) => ({ quote_id: q.quote_id, name: q.name, spec: q.spec, price: q.price, qty: 1 })),
    ]);
    setItemsError(null);
    setPicking(false);
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    if (values.kind === 'items' && lines.length === 0) {
      setItemsError(shareMessages.itemsRequired);
      return;
    }
    const content = {
      kind: values.kind,
      title: values.title.trim(),
      message: values.message?.trim() ?? '',
      ...(values.kind === 'items' ? { items: lines.map(({ quote_id, qty }) => ({ quote_id, qty })) } : {}),
      ...(values.kind === 'combo' ? { quote_set_id: values.quote_set_id } : {}),
      ...(values.kind === 'live' ? { live_id: values.live_id } : {}),
    };
    try {
      if (id === null) {
        await save.mutateAsync({
          id: null,
          body: { ...content, recipient_phone: values.recipient_phone?.trim() ?? '' } as ShareCreateBody,
        });
        dialogToast.success('分享已提交，等待经理审核');
      } else {
        await save.mutateAsync({ id, body: content as ShareCreateBody });
        dialogToast.success('分享已修改，等待经理审核');
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && (error.data as { field?: string } | null)?.field === 'items') {
        setItemsError(error.msg);
        return;
      }
      if (isApiError(error) && error.msg.startsWith('items')) {
        setItemsError(error.msg.replace(/^items[\w.]*\s/, ''));
        return;
      }
      showServerFieldError(form, error, SERVER_FIELDS);
    }
  };

  const editingMissing = id !== null && existing.isError;
  const waiting = id !== null && !loaded && !existing.isError;

  return (
    <Modal
      open
      title={id === null ? '创建分享' : '编辑分享'}
      width={760}
      okText="提交审核"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: editingMissing || waiting }}
      destroyOnHidden
    >
      {editingMissing ? (
        <Alert type="error" showIcon title="分享不存在或无权修改" />
      ) : waiting ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          name="share-form"
          initialValues={{ kind: 'items' }}
          onFinish={() => void submit()}
        >
          {loaded?.status === 'rejected' && loaded.reject_reason ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`驳回原因：${loaded.reject_reason}`}
              description="修改后将重新提交审核"
            />
          ) : null}
          <Form.Item name="kind" label="分享内容" rules={[{ required: true, message: shareMessages.kind }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={shareKinds.map((k) => ({ value: k, label: shareKindLabels[k] }))}
            />
          </Form.Item>

          {kind === 'items' ? (
            <Form.Item
              label="商品"
              required
              validateStatus={itemsError ? 'error' : undefined}
              help={itemsError ?? `最多 ${SHARE_ITEMS_MAX} 种商品，每种 1–${SHARE_QTY_MAX} 件`}
            >
              <Flex vertical gap={8}>
                {lines.length ? (
                  <Table<Line>
                    aria-label="分享的商品"
                    size="small"
                    rowKey="quote_id"
                    pagination={false}
                    dataSource={lines}
                    columns={[
                      {
                        key: 'name',
                        title: '商品',
                        render: (_: unknown, l) => (
                          <Flex vertical>
                            <Typography.Text>{l.name}</Typography.Text>
                            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                              {l.spec}
                            </Typography.Text>
                          </Flex>
                        ),
                      },
                      { key: 'price', title: '单价（元）', dataIndex: 'price', width: 100, align: 'right' },
                      {
                        key: 'qty',
                        title: '数量',
                        width: 120,
                        render: (_: unknown, l) => (
                          <InputNumber
                            aria-label={`数量：${l.name}`}
                            min={1}
                            max={SHARE_QTY_MAX}
                            precision={0}
                            value={l.qty}
                            onChange={(v) =>
                              setLines((all) =>
                                all.map((x) => (x.quote_id === l.quote_id ? { ...x, qty: Number(v) || 1 } : x)),
                              )
                            }
                          />
                        ),
                      },
                      {
                        key: 'remove',
                        title: '操作',
                        width: 64,
                        render: (_: unknown, l) => (
                          <Button
                            type="link"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`移除：${l.name}`}
                            onClick={() => setLines((all) => all.filter((x) => x.quote_id !== l.quote_id))}
                          />
                        ),
                      },
                    ]}
                  />
                ) : null}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => setPicking(true)}
                  disabled={lines.length >= SHARE_ITEMS_MAX}
                  style={{ alignSelf: 'flex-start' }}
                >
                  选择商品
                </Button>
              </Flex>
            </Form.Item>
          ) : null}

          {kind === 'combo' ? (
            <Form.Item
              name="quote_set_id"
              label="套餐"
              rules={[{ required: true, message: shareMessages.comboRequired }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="选择在售的套餐"
                loading={options.isLoading}
                notFoundContent="暂无在售套餐"
                options={options.data?.combos.map((c) => ({ value: c.id, label: `${c.name}（¥${c.price}）` }))}
              />
            </Form.Item>
          ) : null}

          {kind === 'live' ? (
            <Form.Item name="live_id" label="直播课" rules={[{ required: true, message: shareMessages.liveRequired }]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="选择已发布的直播课"
                loading={options.isLoading}
                notFoundContent="暂无已发布的直播课"
                options={options.data?.lives.map((l) => ({
                  value: l.id,
                  label: `${l.title}（${liveStatusLabels[l.status]} · ${formatDateTime(l.start_at)}）`,
                }))}
              />
            </Form.Item>
          ) : null}

          <Form.Item
            name="title"
            label="分享标题"
            rules={[
              { required: true, whitespace: true, message: shareMessages.titleRequired },
              { max: SHARE_TITLE_MAX, message: shareMessages.titleTooLong },
            ]}
          >
            <Input maxLength={SHARE_TITLE_MAX} showCount placeholder="例如：李阿姨的常备药套餐" />
          </Form.Item>
          <Form.Item
            name="message"
            label="分享语"
            rules={[{ max: SHARE_MESSAGE_MAX, message: shareMessages.messageTooLong }]}
          >
            <Input.TextArea rows={3} maxLength={SHARE_MESSAGE_MAX} showCount placeholder="顾客打开分享时看到的话" />
          </Form.Item>
          {id === null ? (
            <Form.Item
              name="recipient_phone"
              label="被分享人手机号"
              required
              rules={[zodRule(recipientPhoneSchema)]}
              extra="只有用该手机号登录的顾客才能打开分享"
            >
              <Input maxLength={11} inputMode="numeric" placeholder="11 位手机号" style={{ maxWidth: 240 }} />
            </Form.Item>
          ) : null}
        </Form>
      )}
      {picking ? (
        <ComboQuotePickerDialog
          chosen={lines.map((l) => l.quote_id)}
          room={SHARE_ITEMS_MAX - lines.length}
          onPick={addQuotes}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </Modal>
  );
}
