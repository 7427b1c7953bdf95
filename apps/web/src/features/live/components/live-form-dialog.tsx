import { type LiveBody, type LiveDetail, liveBodySchema, liveMessages, liveStatusLabels } from '@pharmacy/shared';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Skeleton, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useLiveDetail } from '../api/live-list';
import { useSaveLive } from '../api/live-save';
import { fromPickerTime, showServerFieldError, toPickerTime, zodRule } from './live-format';
import { LiveImageInput } from './live-image-input';

const fields = liveBodySchema.shape;
/** The body's fields a server refusal may name (config.* are nested). */
const fieldNames = [
  'title',
  'cover_url',
  'lecturer',
  'intro',
  'start_at',
  'end_at',
  'push_url',
  'pull_url',
  'replay_url',
  'config.pass_score',
  'config',
] as const;

export interface LiveFormValues {
  title: string;
  cover_url: string;
  lecturer: string;
  intro: string;
  start_at: Dayjs | null;
  end_at: Dayjs | null;
  push_url: string;
  pull_url: string;
  replay_url: string;
  config: { chat_enabled: boolean; exam_enabled: boolean; replay_enabled: boolean; pass_score: number | null };
}

/** A new live's schedule: tomorrow 19:00–20:00 (the wall clock the picker shows, read as Shanghai time). */
function newLiveValues(): LiveFormValues {
  const start = dayjs().add(1, 'day').hour(19).minute(0).second(0).millisecond(0);
  return {
    title: '',
    cover_url: '',
    lecturer: '',
    intro: '',
    start_at: start,
    end_at: start.add(1, 'hour'),
    push_url: '',
    pull_url: '',
    replay_url: '',
    config: { chat_enabled: true, exam_enabled: false, replay_enabled: true, pass_score: 60 },
  };
}

function valuesOf(live: LiveDetail): LiveFormValues {
  return {
    title: live.title,
    cover_url: live.cover_url,
    lecturer: live.lecturer,
    intro: live.intro,
    start_at: toPickerTime(live.start_at),
    end_at: toPickerTime(live.end_at),
    push_url: live.push_url,
    pull_url: live.pull_url,
    replay_url: live.replay_url,
    config: { ...live.config },
  };
}

/** The form's values as the body the server takes (times in Shanghai, texts trimmed by the schema). */
export function liveBodyOf(values: LiveFormValues): LiveBody {
  return liveBodySchema.parse({
    ...values,
    start_at: fromPickerTime(values.start_at),
    end_at: fromPickerTime(values.end_at),
    config: { ...values.config, pass_score: values.config.pass_score ?? 0 },
  });
}

const timeRule = (label: string) => ({
  validator: async (_: unknown, value: Dayjs | null) => {
    if (!value || !fromPickerTime(value)) throw new Error(`请选择${label}`);
  },
});

/**
 * 新建直播 / 编辑直播: title, cover, lecturer, schedule, the stream's push / pull / replay addresses, introduction, and
 * the settings (互动, 考试, 回放, 及格分). Every field is checked with the shared schema before anything is sent; a
 * refusal naming a field shows under it.
 */
export function LiveFormDialog({
  live,
  onClose,
  onSaved,
}: {
  live: LiveDetail | null;
  onClose: () => void;
  onSaved?: (live: LiveDetail) => void;
}) {
  const [form] = Form.useForm<LiveFormValues>();
  const save = useSaveLive();
  const title = live ? '编辑直播' : '新建直播';

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    let body: LiveBody;
    try {
      body = liveBodyOf(values);
    } catch {
      // every field has passed its rule: only a rule this form lacks can fail here
      dialogToast.error('请检查填写的内容');
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: live?.id, body });
      dialogToast.success(live ? '直播已保存' : '直播已创建（草稿）');
      // the caller may move on (the list opens the new live's detail in place of this dialog)
      if (onSaved) onSaved(saved);
      else onClose();
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={760}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {live && live.status !== 'draft' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`该直播${liveStatusLabels[live.status]}，修改后学员将看到新的内容`}
        />
      ) : null}
      <Form<LiveFormValues>
        form={form}
        name="live-form"
        layout="vertical"
        initialValues={live ? valuesOf(live) : newLiveValues()}
        preserve={false}
        requiredMark
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="title" label="直播标题" required rules={[zodRule(fields.title)]}>
              <Input maxLength={100} showCount placeholder="如 高血压患者的日常用药" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="lecturer" label="讲师" required rules={[zodRule(fields.lecturer)]}>
              <Input maxLength={50} placeholder="如 王药师" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="cover_url" label="封面">
          <LiveImageInput label="封面" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="start_at" label="开始时间" required rules={[timeRule('开始时间')]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                placeholder="开始时间"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="end_at"
              label="结束时间"
              required
              dependencies={['start_at']}
              rules={[
                timeRule('结束时间'),
                ({ getFieldValue }) => ({
                  validator: async (_, value: Dayjs | null) => {
                    const start = fromPickerTime(getFieldValue('start_at'));
                    const end = fromPickerTime(value);
                    if (start && end && Date.parse(end) <= Date.parse(start))
                      throw new Error(liveMessages.endBeforeStart);
                  },
                }),
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                placeholder="结束时间"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="push_url"
          label="推流地址"
          rules={[zodRule(fields.push_url)]}
          extra="直播服务商提供的推流地址（rtmp://…），填入推流软件使用"
        >
          <Input maxLength={500} placeholder="rtmp://push.example.com/live/xxx" />
        </Form.Item>
        <Form.Item
          name="pull_url"
          label="拉流地址"
          rules={[zodRule(fields.pull_url)]}
          extra="学员观看的播放地址（HLS .m3u8），开始直播前必须填写"
        >
          <Input maxLength={500} placeholder="https://play.example.com/live/xxx.m3u8" />
        </Form.Item>
        <Form.Item
          name="replay_url"
          label="回放地址"
          rules={[zodRule(fields.replay_url)]}
          extra="直播结束后播放的录像地址"
        >
          <Input maxLength={500} placeholder="https://play.example.com/replay/xxx.m3u8" />
        </Form.Item>
        <Form.Item name="intro" label="直播简介" rules={[zodRule(fields.intro)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item label="直播设置" style={{ marginBottom: 0 }}>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name={['config', 'chat_enabled']} label="开启互动" valuePropName="checked">
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name={['config', 'exam_enabled']} label="开启考试" valuePropName="checked">
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name={['config', 'replay_enabled']} label="开启回放" valuePropName="checked">
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name={['config', 'pass_score']}
                label="及格分"
                rules={[
                  { required: true, message: '请填写及格分' },
                  { type: 'integer', min: 0, max: 1000, message: '及格分应为 0–1000 的整数' },
                ]}
              >
                <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} suffix="分" />
              </Form.Item>
            </Col>
          </Row>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 编辑直播 opened from the URL (`?action=edit&id=`): loads the live first. */
export function LiveEditDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isError } = useLiveDetail(id);
  if (data) return <LiveFormDialog live={data} onClose={onClose} />;
  return (
    <Modal open title="编辑直播" footer={null} onCancel={onClose}>
      {isError ? <Alert type="error" showIcon title={liveMessages.notFound} /> : <Skeleton active />}
    </Modal>
  );
}
