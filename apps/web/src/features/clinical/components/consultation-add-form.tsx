import { DeleteOutlined } from '@ant-design/icons';
import {
  CONSULTATION_DESCRIPTION_MAX,
  CONSULTATION_ITEM_QTY_MAX,
  CONSULTATION_ITEMS_MAX,
  type ConsultationFamilyMember,
  type ConsultationPatientLookup,
  type MedicineListItem,
  MOBILE_PHONE_PATTERN,
} from '@pharmacy/shared';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import {
  lookupConsultationPatient,
  useCreateConsultation,
  useDispensingPharmacies,
  useProductSearch,
} from '../api/consultation-create';
import { ConsultationImagesInput } from './consultation-images-input';
import { patientLine } from './consultation-status-tag';

interface Wanted {
  product_id: number;
  name: string;
  spec: string;
  type: string;
  qty: number;
}

interface Values {
  phone: string;
  family_member_id?: number;
  pharmacy_id?: number;
  description?: string;
  images?: string[];
}

function MemberOption({ m }: { m: ConsultationFamilyMember }) {
  return (
    <Flex vertical gap={2}>
      <span>
        <Typography.Text strong>{m.name}</Typography.Text>{' '}
        <Typography.Text type="secondary">{patientLine(m.gender, m.age)}</Typography.Text>
        {m.is_default ? (
          <Tag style={{ marginInlineStart: 8 }} bordered={false}>
            默认
          </Tag>
        ) : null}
      </span>
      <Typography.Text style={{ fontSize: 12 }} type={m.allergy_history.length ? 'danger' : 'secondary'}>
        过敏史：{m.allergy_history.join('、') || '无'}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        既往史：{m.past_medical_history.join('、') || '无'}；家族史：{m.family_medical_history.join('、') || '无'}
      </Typography.Text>
    </Flex>
  );
}

/** The product search select: the public medicine search as the doctor types. */
function ProductPicker({ onPick, disabled }: { onPick: (p: MedicineListItem) => void; disabled?: boolean }) {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const { data, isFetching } = useProductSearch(deferred);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQ }}
      aria-label="搜索药品"
      placeholder="输入药品名称、通用名或批准文号搜索"
      value={null}
      disabled={disabled}
      loading={isFetching}
      notFoundContent={q ? (isFetching ? '搜索中…' : '没有找到药品') : '请输入关键词'}
      style={{ width: '100%' }}
      options={(data?.list ?? []).map((p) => ({
        value: p.id,
        label: `${p.name}${p.spec ? `（${p.spec}）` : ''}${p.manufacturer ? ` · ${p.manufacturer}` : ''}${p.type === 'RX' ? ' · 处方药' : ''}`,
      }))}
      onChange={(id: number) => {
        const p = data?.list.find((x) => x.id === id);
        if (p) onPick(p);
        setQ('');
      }}
    />
  );
}

/**
 * 添加问诊需求: find the patient by phone, pick the family member (histories shown), the dispensing pharmacy, the
 * wanted products with quantities, a description and photos; the request is assigned to the signed-in doctor.
 */
export function ConsultationAddForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateConsultation();
  const pharmacies = useDispensingPharmacies();
  const [patient, setPatient] = useState<ConsultationPatientLookup | null>(null);
  const [lookupError, setLookupError] = useState('');
  const [looking, setLooking] = useState(false);
  const [wanted, setWanted] = useState<Wanted[]>([]);
  const [wantedError, setWantedError] = useState('');

  const lookup = async (raw: string) => {
    const phone = raw.trim();
    setPatient(null);
    setLookupError('');
    form.setFieldsValue({ family_member_id: undefined });
    if (!MOBILE_PHONE_PATTERN.test(phone)) {
      setLookupError('请输入正确的 11 位手机号');
      return;
    }
    setLooking(true);
    try {
      const found = await lookupConsultationPatient(phone);
      setPatient(found);
      const preferred = found.members.find((m) => m.is_default) ?? found.members[0];
      if (preferred) form.setFieldsValue({ family_member_id: preferred.id });
    } catch (e) {
      setLookupError(isApiError(e) ? e.msg : '查询失败，请稍后重试');
    } finally {
      setLooking(false);
    }
  };

  const add = (p: MedicineListItem) => {
    setWantedError('');
    setWanted((w) =>
      w.some((x) => x.product_id === p.id)
        ? w
        : [...w, { product_id: p.id, name: p.name, spec: p.spec, type: p.type, qty: 1 }].slice(
            0,
            CONSULTATION_ITEMS_MAX,
          ),
    );
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!wanted.length) setWantedError('请添加需要的药品');
    if (!values || !wanted.length || !patient) return;
    try {
      await create.mutateAsync({
        phone: values.phone.trim(),
        family_member_id: values.family_member_id!,
        pharmacy_id: values.pharmacy_id!,
        description: values.description?.trim() ?? '',
        wanted_items: wanted.map((w) => ({ product_id: w.product_id, qty: w.qty })),
        images: values.images ?? [],
      });
      dialogToast.success('已添加问诊需求');
      navigate('/doctor/consultationNeeds?status=pending');
    } catch {
      // the server's message (a field it refused) is shown by the http client
    }
  };

  return (
    <Card>
      <Form<Values>
        form={form}
        layout="vertical"
        name="consultation-add"
        style={{ maxWidth: 760 }}
        initialValues={{ images: [] }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="phone"
          label="患者手机号"
          rules={[
            { required: true, message: '请输入患者手机号' },
            { pattern: MOBILE_PHONE_PATTERN, message: '手机号格式不正确' },
          ]}
          validateStatus={lookupError ? 'error' : undefined}
          help={lookupError || undefined}
        >
          <Input.Search
            placeholder="输入患者注册手机号后查询"
            enterButton="查询"
            maxLength={11}
            loading={looking}
            onSearch={(v) => void lookup(v)}
            onChange={() => {
              if (patient) setPatient(null);
              setLookupError('');
            }}
          />
        </Form.Item>
        {patient ? (
          <Form.Item
            name="family_member_id"
            label={`就诊人（账号 ${patient.phone}${patient.name ? ` · ${patient.name}` : ''}）`}
            rules={[{ required: true, message: '请选择就诊人' }]}
          >
            {patient.members.length ? (
              <Radio.Group style={{ width: '100%' }}>
                <Flex vertical gap={8}>
                  {patient.members.map((m) => (
                    <Radio key={m.id} value={m.id}>
                      <MemberOption m={m} />
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            ) : (
              <Alert type="warning" showIcon title="该账号还没有就诊人，请患者先在小程序中添加就诊人" />
            )}
          </Form.Item>
        ) : null}
        <Form.Item name="pharmacy_id" label="发药药店" rules={[{ required: true, message: '请选择发药药店' }]}>
          <Select
            placeholder="选择发药药店"
            loading={pharmacies.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(pharmacies.data?.list ?? []).map((p) => ({
              value: p.id,
              label: `${p.name}${p.city ? `（${p.city}）` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          label="需要的药品"
          required
          validateStatus={wantedError ? 'error' : undefined}
          help={wantedError || undefined}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <ProductPicker onPick={add} disabled={wanted.length >= CONSULTATION_ITEMS_MAX} />
            <Table<Wanted>
              size="small"
              rowKey="product_id"
              pagination={false}
              dataSource={wanted}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未添加药品" /> }}
              columns={[
                {
                  key: 'name',
                  title: '药品',
                  render: (_, w) => (
                    <span>
                      {w.name} {w.type === 'RX' ? <Tag color="red">处方药</Tag> : null}
                    </span>
                  ),
                },
                { key: 'spec', title: '规格', dataIndex: 'spec' },
                {
                  key: 'qty',
                  title: '数量',
                  width: 110,
                  render: (_, w) => (
                    <InputNumber
                      aria-label={`${w.name} 数量`}
                      min={1}
                      max={CONSULTATION_ITEM_QTY_MAX}
                      precision={0}
                      value={w.qty}
                      onChange={(v) =>
                        setWanted((all) =>
                          all.map((x) => (x.product_id === w.product_id ? { ...x, qty: Number(v) || 1 } : x)),
                        )
                      }
                    />
                  ),
                },
                {
                  key: 'remove',
                  title: '操作',
                  width: 70,
                  render: (_, w) => (
                    <Button
                      type="link"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={`移除 ${w.name}`}
                      onClick={() => setWanted((all) => all.filter((x) => x.product_id !== w.product_id))}
                    />
                  ),
                },
              ]}
            />
          </Space>
        </Form.Item>
        <Form.Item
          name="description"
          label="病情描述"
          rules={[{ max: CONSULTATION_DESCRIPTION_MAX, message: `病情描述最多 ${CONSULTATION_DESCRIPTION_MAX} 字` }]}
        >
          <Input.TextArea
            rows={3}
            showCount
            maxLength={CONSULTATION_DESCRIPTION_MAX}
            placeholder="主诉、病程、用药情况等"
          />
        </Form.Item>
        <Form.Item name="images" label="处方 / 病历图片" extra="最多 9 张，支持 png、jpg、webp">
          <ConsultationImagesInput />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!patient}>
            提交
          </Button>
          <Button onClick={() => navigate('/doctor/consultationNeeds')}>返回列表</Button>
        </Flex>
      </Form>
    </Card>
  );
}
