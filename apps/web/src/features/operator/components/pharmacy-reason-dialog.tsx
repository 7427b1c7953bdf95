import { PHARMACY_REASON_MAX } from '@pharmacy/shared';
import { Form, Input, Modal } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { type PharmacyDecision, useDecidePharmacy } from '../api/pharmacy-decide';

const texts: Record<
  Exclude<PharmacyDecision, 'approve'>,
  { title: string; ok: string; done: string; label?: string; placeholder?: string; intro: string }
> = {
  reject: {
    title: '驳回入驻申请',
    ok: '确认驳回',
    done: '已驳回入驻申请',
    label: '驳回原因',
    placeholder: '店主可见，请说明需要补充或修改的资质',
    intro: '驳回后店主会收到消息，可登录查看原因。',
  },
  suspend: {
    title: '暂停营业',
    ok: '确认暂停',
    done: '已暂停营业',
    label: '暂停原因',
    placeholder: '药店员工可见，如：药品经营许可证年检未通过，整改期间暂停营业',
    intro: '暂停后该药店的报价立即从平台下架，员工登录后只能看到暂停原因。',
  },
  resume: {
    title: '恢复营业',
    ok: '确认恢复',
    done: '已恢复营业',
    intro: '恢复后该药店的上架报价重新在平台展示，员工可正常使用后台。',
  },
};

/** 驳回 / 暂停 (a reason the pharmacy's staff read is required) and 恢复 (a confirmation). */
export function PharmacyReasonDialog({
  pharmacy,
  decision,
  onClose,
}: {
  pharmacy: { id: number; name: string };
  decision: Exclude<PharmacyDecision, 'approve'>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useDecidePharmacy();
  const t = texts[decision];

  const submit = async () => {
    let reason = '';
    if (t.label) {
      const values = await validatedValues(form);
      if (!values) return;
      reason = values.reason.trim();
    }
    try {
      await decide.mutateAsync({ id: pharmacy.id, decision, reason });
      dialogToast.success(t.done);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.httpCode === 400 && error.msg)
        form.setFields([{ name: 'reason', errors: [error.msg] }]);
    }
  };

  return (
    <Modal
      open
      title={`${t.title} · ${pharmacy.name}`}
      okText={t.ok}
      okButtonProps={{ danger: decision !== 'resume' }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={decide.isPending}
      destroyOnHidden
    >
      <p style={{ marginTop: 0 }}>{t.intro}</p>
      {t.label ? (
        <Form form={form} layout="vertical" name={`pharmacy-${decision}`} onFinish={() => void submit()}>
          <Form.Item
            name="reason"
            label={t.label}
            rules={[
              { required: true, whitespace: true, message: `请填写${t.label}` },
              { max: PHARMACY_REASON_MAX, message: `${t.label}最多 ${PHARMACY_REASON_MAX} 字` },
            ]}
          >
            <Input.TextArea rows={4} showCount maxLength={PHARMACY_REASON_MAX} placeholder={t.placeholder} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
