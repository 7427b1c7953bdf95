import { type Address, type AddressCreate, addressCreateSchema } from '@pharmacy/shared';
import { Button, Drawer, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast, toast } from '../../../lib/feedback';
import { useCreateAddress, useDiscernAddress } from '../api/save-address';
import { sheetProps } from './bits';
import { showServerFieldError } from './field-errors';

type Values = AddressCreate;
const fields = ['name', 'phone', 'province', 'city', 'district', 'detail'] as const;

const shapeRule = (field: (typeof fields)[number]) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = addressCreateSchema.shape[field].safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

/** 新增收货地址, with 智能识别: a pasted address (name, phone, address in any order) fills the fields. */
export function AddressSheet({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved?: (address: Address) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [pasted, setPasted] = useState('');
  const create = useCreateAddress();
  const discern = useDiscernAddress();

  const recognise = async () => {
    const text = pasted.trim();
    if (!text) {
      toast.warning('请先粘贴地址');
      return;
    }
    try {
      const found = await discern.mutateAsync(text);
      const filled = Object.fromEntries(Object.entries(found).filter(([, v]) => v !== ''));
      form.setFieldsValue(filled);
      const missing = fields.filter((f) => f !== 'city' && f !== 'district' && !found[f]);
      if (missing.length === 0) toast.success('已识别，请核对');
      else toast.info('已识别部分内容，请补全');
    } catch {
      // the HTTP layer showed the message
    }
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const address = await create.mutateAsync(addressCreateSchema.parse(values));
      dialogToast.success('已添加收货地址');
      form.resetFields();
      setPasted('');
      onSaved?.(address);
      onClose();
    } catch (error) {
      showServerFieldError(form, error, fields);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="auto"
      title="新增收货地址"
      {...sheetProps}
      destroyOnHidden
    >
      <div className="patient-discern">
        <Input.TextArea
          aria-label="粘贴地址"
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          placeholder="粘贴整段地址，如：张三 13812345678 浙江省杭州市西湖区文三路90号"
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={500}
        />
        <div style={{ textAlign: 'right', marginTop: 8 }}>
          <Button size="small" loading={discern.isPending} onClick={() => void recognise()}>
            智能识别
          </Button>
        </div>
      </div>
      <Form form={form} layout="vertical" requiredMark={false} style={{ marginTop: 8 }}>
        <Space.Compact block>
          <Form.Item label="收货人" name="name" rules={[shapeRule('name')]} style={{ flex: 1 }}>
            <Input placeholder="姓名" maxLength={20} />
          </Form.Item>
        </Space.Compact>
        <Form.Item label="手机号" name="phone" rules={[shapeRule('phone')]}>
          <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 8 }}>
          <Form.Item label="省份" name="province" rules={[shapeRule('province')]}>
            <Input placeholder="如 浙江省" maxLength={32} />
          </Form.Item>
          <Form.Item label="城市" name="city" rules={[shapeRule('city')]}>
            <Input placeholder="如 杭州市" maxLength={32} />
          </Form.Item>
          <Form.Item label="区县" name="district" rules={[shapeRule('district')]}>
            <Input placeholder="如 西湖区" maxLength={32} />
          </Form.Item>
        </div>
        <Form.Item label="详细地址" name="detail" rules={[shapeRule('detail')]}>
          <Input.TextArea
            placeholder="街道、门牌号、楼层房间号"
            autoSize={{ minRows: 2, maxRows: 3 }}
            maxLength={100}
          />
        </Form.Item>
        <Button type="primary" block size="large" loading={create.isPending} onClick={() => void submit()}>
          保存
        </Button>
      </Form>
    </Drawer>
  );
}
