import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  consultationStatusLabels,
  RECIPE_DAYS_MAX,
  RECIPE_DIAGNOSES_MAX,
  RECIPE_DIAGNOSIS_MAX_LENGTH,
  RECIPE_ITEMS_MAX,
  RECIPE_QTY_MAX,
  RECIPE_WEIGHT_MAX,
  RECIPE_WEIGHT_MIN,
  type RecipeCheckBody,
  type RecipeConsultation,
  type RecipeItemInput,
  type RecipeProductOption,
  type RecipeWarningCode,
  recipeDoseUnits,
  recipeFrequencies,
  recipeRoutes,
} from '@pharmacy/shared';
import {
  Alert,
  Button,
  Descriptions,
  Divider,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useRecipeDetail } from '../api/recipe-detail';
import { uploadSignature, useCommonDiagnoses, useDoctorProfile, useUpdateDoctorProfile } from '../api/recipe-profile';
import { useRecipeCheck, useRecipeConsultation, useRecipeProducts, useWriteRecipe } from '../api/recipe-write';
import { RecipeDiagnosesDialog } from './recipe-diagnoses-dialog';
import { recipePatientLine } from './recipe-status-tag';
import { RecipeWarnings } from './recipe-warnings';

interface LineValues {
  product_id?: number;
  dose_amount?: string;
  dose_unit?: string;
  frequency?: string;
  route?: string;
  days?: number | null;
  qty?: number | null;
}

interface WriteValues {
  weight_kg?: number | null;
  diagnoses: string[];
  items: LineValues[];
}

const DOSE_PATTERN = /^(?:0|[1-9]\d{0,3})(?:\.\d{1,3})?$/;
const COUNT_UNITS = ['粒', '片', '袋', '包', '丸', '支', '贴', '枚', '喷', '滴'] as const;

/** The unit one dose is usually written in, from the product's spec (0.25g*24粒/盒 → 粒, 100ml/瓶 → ml). */
export function doseUnitFromSpec(spec: string): string {
  for (const unit of COUNT_UNITS) if (new RegExp(`\\d${unit}`).test(spec)) return unit;
  if (/ml/i.test(spec)) return 'ml';
  if (/\dg\b|\dg[/*×]/.test(spec)) return 'g';
  return '片';
}

const complete = (l: LineValues): l is Required<LineValues> =>
  !!l.product_id &&
  !!l.dose_amount &&
  DOSE_PATTERN.test(l.dose_amount.trim()) &&
  Number(l.dose_amount) > 0 &&
  !!l.dose_unit &&
  !!l.frequency &&
  !!l.route &&
  Number.isInteger(l.days) &&
  (l.days as number) >= 1 &&
  (l.days as number) <= RECIPE_DAYS_MAX &&
  Number.isInteger(l.qty) &&
  (l.qty as number) >= 1 &&
  (l.qty as number) <= RECIPE_QTY_MAX;

const toInput = (l: Required<LineValues>): RecipeItemInput => ({
  product_id: l.product_id,
  dose_amount: l.dose_amount.trim(),
  dose_unit: l.dose_unit as RecipeItemInput['dose_unit'],
  frequency: l.frequency as RecipeItemInput['frequency'],
  route: l.route as RecipeItemInput['route'],
  days: l.days as number,
  qty: l.qty as number,
});

const weightText = (w: number | null | undefined) => (w === null || w === undefined ? undefined : String(w));

/** The value as it settles: changes within `ms` of each other give one update. */
function useDebounced<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

const productLabel = (p: RecipeProductOption) =>
  `${p.name}（${p.spec}）${p.manufacturer ? ` · ${p.manufacturer}` : ''}`;

/** The catalogue product of a line: searched by name / generic name as the doctor types. */
function ProductSelect({
  value,
  onChange,
  onPicked,
  known,
  index,
}: {
  value?: number;
  onChange?: (v: number) => void;
  onPicked: (p: RecipeProductOption) => void;
  known: RecipeProductOption[];
  index: number;
}) {
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim(), 300);
  const { data: found = [], isFetching } = useRecipeProducts(settled);
  // while searching: the current product and what the search found; otherwise the lines' products
  const options = useMemo(() => {
    const all = new Map<number, RecipeProductOption>();
    const current = known.filter((p) => p.id === value);
    for (const p of settled ? [...current, ...found] : known) all.set(p.id, p);
    return [...all.values()];
  }, [known, found, settled, value]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      aria-label={`第 ${index + 1} 行药品`}
      placeholder="搜索药品名称 / 通用名"
      value={value}
      loading={isFetching}
      notFoundContent={settled ? '未找到在售药品' : '请输入药品名称搜索'}
      onChange={(id: number) => {
        onChange?.(id);
        const p = options.find((o) => o.id === id);
        if (p) onPicked(p);
      }}
      options={options.map((p) => ({
        value: p.id,
        label: (
          <span>
            {p.type === 'RX' ? <Tag color="red">处方</Tag> : null}
            {productLabel(p)}
          </span>
        ),
      }))}
      style={{ width: '100%' }}
      popupMatchSelectWidth={460}
    />
  );
}

function SignatureBlock() {
  const { data: profile, isLoading } = useDoctorProfile();
  const update = useUpdateDoctorProfile();
  const [uploading, setUploading] = useState(false);
  if (isLoading || !profile) return <Skeleton.Input active size="small" />;
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const url = await uploadSignature(file);
      const { id: _id, name: _name, ...rest } = profile;
      await update.mutateAsync({ ...rest, signature_url: url });
      dialogToast.success('电子签名已上传');
    } catch {
      // the http client shows why
    } finally {
      setUploading(false);
    }
  };
  const uploader = (
    <Upload
      accept="image/png,image/jpeg,image/webp"
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={uploading}>
        {profile.signature_url ? '更换签名' : '上传电子签名'}
      </Button>
    </Upload>
  );
  return profile.signature_url ? (
    <Flex gap={12} align="center">
      <Typography.Text>医师签名：</Typography.Text>
      <Image
        src={profile.signature_url}
        alt={`${profile.name}的电子签名`}
        height={48}
        style={{ border: '1px solid #f0f0f0', background: '#fff' }}
      />
      {uploader}
    </Flex>
  ) : (
    <Alert
      type="warning"
      showIcon
      title="请先上传电子签名"
      description="处方须带医师电子签名，上传后即可开具。"
      action={uploader}
    />
  );
}

/** The patient block of the 处方笺: name, gender, age, allergies highlighted, the weight input. */
function PatientBlock({ request }: { request: RecipeConsultation }) {
  const p = request.patient;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
      <Descriptions.Item label="患者">
        {p.name} <Typography.Text type="secondary">{recipePatientLine(p.gender, p.age)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="发药药店">{request.pharmacy_name}</Descriptions.Item>
      <Descriptions.Item label="订单号">{request.order_no ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="过敏史" span={3}>
        {p.allergy_history.length ? (
          p.allergy_history.map((a) => (
            <Tag key={a} color="red">
              {a}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        )}
      </Descriptions.Item>
      {p.past_medical_history.length ? (
        <Descriptions.Item label="既往史" span={3}>
          {p.past_medical_history.join('、')}
        </Descriptions.Item>
      ) : null}
      {request.description ? (
        <Descriptions.Item label="病情描述" span={3}>
          {request.description}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="体重" span={3}>
        <Form.Item
          name="weight_kg"
          noStyle
          rules={[
            {
              validator: (_, v) =>
                v === null || v === undefined || (v >= RECIPE_WEIGHT_MIN && v <= RECIPE_WEIGHT_MAX)
                  ? Promise.resolve()
                  : Promise.reject(new Error(`体重须在 ${RECIPE_WEIGHT_MIN}–${RECIPE_WEIGHT_MAX} kg 之间`)),
            },
          ]}
        >
          <InputNumber
            aria-label="体重（kg）"
            min={RECIPE_WEIGHT_MIN}
            max={RECIPE_WEIGHT_MAX}
            precision={1}
            step={0.5}
            suffix="kg"
            style={{ width: 140 }}
          />
        </Form.Item>
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          儿童（14 岁以下）开具处方药须填写
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Where the prescription is written from: an approved request, or a renewal of an earlier prescription of the doctor's. */
export type RecipeWriteSource = { kind: 'request'; id: number } | { kind: 'renew'; id: number };

interface Prefill {
  request: RecipeConsultation;
  lines: LineValues[];
  diagnoses: string[];
  weight: number | null;
  /** a renewal starts from the reasons the doctor gave last time (still to be confirmed by submitting) */
  reasons: Partial<Record<RecipeWarningCode, string>>;
}

/** The write dialog's patient, pharmacy and first lines, from the request or from the prescription renewed. */
function usePrefill(source: RecipeWriteSource): { prefill: Prefill | undefined; isLoading: boolean; isError: boolean } {
  const consultation = useRecipeConsultation(source.kind === 'request' ? source.id : 0);
  const earlier = useRecipeDetail(source.kind === 'renew' ? source.id : 0);
  const prefill = useMemo((): Prefill | undefined => {
    if (source.kind === 'request') {
      const request = consultation.data;
      return request ? { request, lines: initialLines(request), diagnoses: [], weight: null, reasons: {} } : undefined;
    }
    const r = earlier.data;
    if (!r || r.patient.family_member_id === null) return undefined;
    const { weight_kg, ...patient } = r.patient;
    return {
      request: {
        id: 0,
        status: 'approved',
        patient,
        pharmacy_id: r.pharmacy_id,
        pharmacy_name: r.pharmacy_name,
        order_id: null,
        order_no: null,
        description: `续开处方 ${r.recipe_no}`,
        wanted_items: [],
        images: [],
      },
      lines: r.items.map((it) => ({
        product_id: it.product_id,
        dose_amount: it.dose_amount,
        dose_unit: it.dose_unit,
        frequency: it.frequency,
        route: it.route,
        days: it.days,
        qty: it.qty,
      })),
      diagnoses: r.diagnoses,
      weight: weight_kg ? Number(weight_kg) : null,
      reasons: Object.fromEntries(r.warnings.filter((w) => w.override_reason).map((w) => [w.code, w.override_reason])),
    };
  }, [source.kind, consultation.data, earlier.data]);
  const active = source.kind === 'request' ? consultation : earlier;
  return { prefill, isLoading: active.isLoading, isError: active.isError || (!active.isLoading && !prefill) };
}

const initialLines = (request: RecipeConsultation): LineValues[] =>
  request.wanted_items.map((w) => ({
    product_id: w.product_id,
    dose_amount: '1',
    dose_unit: doseUnitFromSpec(w.spec),
    frequency: 'tid',
    route: '口服',
    days: 3,
    qty: Math.min(Math.max(1, w.qty), RECIPE_QTY_MAX),
  }));

/**
 * 处方笺 — writing a prescription from an approved consultation request: the patient (allergies highlighted, weight),
 * diagnoses (free tags and the doctor's common diagnoses), the items with dosage, the inspection aids' warnings live
 * (each with an override reason; "could not run" when they could not), the doctor's signature; submit →
 * pending_inspection.
 */
export function RecipeWriteDialog({
  source,
  onClose,
  onWritten,
}: {
  source: RecipeWriteSource;
  onClose: () => void;
  onWritten: (recipe: { id: number; recipe_no: string }) => void;
}) {
  const { prefill, isLoading, isError } = usePrefill(source);
  const request = prefill?.request;
  /** the patient and pharmacy of the body: the request, or the family member at the earlier prescription's pharmacy */
  const target = request
    ? source.kind === 'request'
      ? { consultation_request_id: request.id }
      : { family_member_id: request.patient.family_member_id as number, pharmacy_id: request.pharmacy_id }
    : null;
  const { data: profile } = useDoctorProfile();
  const { data: commonDiagnoses = [] } = useCommonDiagnoses(profile?.id ?? 0);
  const [form] = Form.useForm<WriteValues>();
  const write = useWriteRecipe();
  const [reasons, setReasons] = useState<Partial<Record<RecipeWarningCode, string>>>({});
  const [managing, setManaging] = useState(false);

  useEffect(() => {
    if (!prefill) return;
    form.setFieldsValue({ diagnoses: prefill.diagnoses, items: prefill.lines, weight_kg: prefill.weight });
    setReasons(prefill.reasons);
  }, [prefill, form]);

  const lines = (Form.useWatch('items', form) ?? []) as LineValues[];
  const weight = Form.useWatch('weight_kg', form) as number | null | undefined;
  const completeIndexes = lines.flatMap((l, i) => (l && complete(l) ? [i] : []));
  const body: RecipeCheckBody | null =
    target && completeIndexes.length
      ? {
          ...('consultation_request_id' in target
            ? { consultation_request_id: target.consultation_request_id }
            : { family_member_id: target.family_member_id }),
          weight_kg: weightText(weight),
          items: completeIndexes.map((i) => toInput(lines[i] as Required<LineValues>)),
        }
      : null;
  const settledBody = useDebounced(body, 400);
  const check = useRecipeCheck(settledBody);
  const knownProducts = useRecipeProducts(
    '',
    lines.map((l) => l?.product_id ?? 0).filter((id) => id > 0),
  ).data;

  const approved = request?.status === 'approved';
  const canSubmit = approved && !!profile?.signature_url;

  const submit = async () => {
    if (!target) return;
    const values = await validatedValues(form);
    if (!values) return;
    const items = values.items.filter(complete).map(toInput);
    const codes = check.data?.status === 'ok' ? check.data.warnings.map((w) => w.code) : [];
    const override_reasons = Object.fromEntries(
      codes.map((c) => [c, (reasons[c] ?? '').trim()]).filter(([, r]) => r),
    ) as Partial<Record<RecipeWarningCode, string>>;
    try {
      const written = await write.mutateAsync({
        ...target,
        weight_kg: weightText(values.weight_kg),
        diagnoses: values.diagnoses.map((d) => d.trim()).filter(Boolean),
        items,
        override_reasons,
      });
      dialogToast.success(`处方 ${written.recipe_no} 已开具，等待药师审方`);
      onWritten(written);
    } catch {
      // the http client shows the server's reason (a warning without a reason, a duplicate, 409 …)
    }
  };

  return (
    <Modal
      open
      width={1120}
      title={source.kind === 'renew' ? '处方笺（续开）' : '处方笺'}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={write.isPending} disabled={!canSubmit} onClick={() => void submit()}>
            开具处方
          </Button>
        </Space>
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : isError || !request ? (
        <Alert
          type="error"
          showIcon
          title={source.kind === 'request' ? '问诊需求不存在或无权查看' : '该处方不能续开（处方不存在或未关联就诊人）'}
        />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} initialValues={{ diagnoses: [], items: [] }}>
          <Flex vertical gap={12}>
            {!approved ? (
              <Alert
                type="warning"
                showIcon
                title={`该问诊需求当前为「${consultationStatusLabels[request.status as keyof typeof consultationStatusLabels] ?? request.status}」，只有已接诊的需求可以开具处方`}
              />
            ) : null}
            <PatientBlock request={request} />

            <Form.Item
              label={
                <Flex gap={8} align="center">
                  <span>诊断</span>
                  <Button type="link" size="small" onClick={() => setManaging(true)} disabled={!profile}>
                    管理常用诊断
                  </Button>
                </Flex>
              }
              style={{ marginBottom: 0 }}
            >
              <Form.Item
                name="diagnoses"
                noStyle
                rules={[
                  { required: true, type: 'array', min: 1, message: '请至少填写 1 条诊断' },
                  { type: 'array', max: RECIPE_DIAGNOSES_MAX, message: `诊断最多 ${RECIPE_DIAGNOSES_MAX} 条` },
                  {
                    validator: (_, v: string[] = []) =>
                      v.every((d) => d.trim().length <= RECIPE_DIAGNOSIS_MAX_LENGTH)
                        ? Promise.resolve()
                        : Promise.reject(new Error(`每条诊断最多 ${RECIPE_DIAGNOSIS_MAX_LENGTH} 字`)),
                  },
                ]}
              >
                <Select
                  mode="tags"
                  aria-label="诊断"
                  placeholder="输入诊断后回车，或从常用诊断中选择"
                  tokenSeparators={['，', ',', '；', ';']}
                  options={commonDiagnoses.map((d) => ({ value: d.text, label: d.text }))}
                />
              </Form.Item>
              {commonDiagnoses.length ? (
                <Flex gap={4} wrap style={{ marginTop: 6 }} aria-label="常用诊断">
                  {commonDiagnoses.slice(0, 12).map((d) => (
                    <Tag.CheckableTag
                      key={d.id}
                      checked={(form.getFieldValue('diagnoses') ?? []).includes(d.text)}
                      onChange={(checked) => {
                        const now: string[] = form.getFieldValue('diagnoses') ?? [];
                        form.setFieldValue(
                          'diagnoses',
                          checked ? [...new Set([...now, d.text])] : now.filter((x) => x !== d.text),
                        );
                        void validatedValues(form, ['diagnoses']);
                      }}
                    >
                      {d.text}
                    </Tag.CheckableTag>
                  ))}
                </Flex>
              ) : null}
            </Form.Item>

            <Divider titlePlacement="start" style={{ margin: '4px 0' }}>
              Rp（药品）
            </Divider>
            <Form.List
              name="items"
              rules={[
                {
                  validator: (_, v: LineValues[] = []) =>
                    v.length >= 1 ? Promise.resolve() : Promise.reject(new Error('请至少添加 1 个药品')),
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <Flex vertical gap={4}>
                  <Flex gap={8} style={{ fontWeight: 500, fontSize: 13 }} aria-hidden>
                    <span style={{ width: 28 }}>#</span>
                    <span style={{ flex: 3 }}>药品</span>
                    <span style={{ width: 150 }}>单次用量</span>
                    <span style={{ width: 130 }}>频次</span>
                    <span style={{ width: 110 }}>途径</span>
                    <span style={{ width: 90 }}>天数</span>
                    <span style={{ width: 90 }}>数量</span>
                    <span style={{ width: 32 }} />
                  </Flex>
                  {fields.map((field, index) => (
                    <Flex key={field.key} gap={8} align="start">
                      <span style={{ width: 28, lineHeight: '32px' }}>{index + 1}</span>
                      <Form.Item
                        name={[field.name, 'product_id']}
                        rules={[{ required: true, message: '请选择药品' }]}
                        style={{ flex: 3, marginBottom: 8, minWidth: 0 }}
                      >
                        <ProductSelect
                          index={index}
                          known={knownProducts ?? []}
                          onPicked={(p) => {
                            const unit = form.getFieldValue(['items', field.name, 'dose_unit']);
                            if (!unit) form.setFieldValue(['items', field.name, 'dose_unit'], doseUnitFromSpec(p.spec));
                          }}
                        />
                      </Form.Item>
                      <Space.Compact style={{ width: 150 }}>
                        <Form.Item
                          name={[field.name, 'dose_amount']}
                          rules={[
                            { required: true, message: '请填写用量' },
                            { pattern: DOSE_PATTERN, message: '用量格式不正确' },
                          ]}
                          style={{ marginBottom: 8, width: 70 }}
                        >
                          <Input aria-label={`第 ${index + 1} 行单次用量`} placeholder="用量" />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'dose_unit']}
                          rules={[{ required: true, message: '单位' }]}
                          style={{ marginBottom: 8, width: 80 }}
                        >
                          <Select
                            aria-label={`第 ${index + 1} 行剂量单位`}
                            options={recipeDoseUnits.map((u) => ({ value: u, label: u }))}
                          />
                        </Form.Item>
                      </Space.Compact>
                      <Form.Item
                        name={[field.name, 'frequency']}
                        rules={[{ required: true, message: '请选择频次' }]}
                        style={{ width: 130, marginBottom: 8 }}
                      >
                        <Select
                          aria-label={`第 ${index + 1} 行频次`}
                          options={recipeFrequencies.map((f) => ({ value: f.code, label: f.label }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'route']}
                        rules={[{ required: true, message: '请选择途径' }]}
                        style={{ width: 110, marginBottom: 8 }}
                      >
                        <Select
                          aria-label={`第 ${index + 1} 行给药途径`}
                          options={recipeRoutes.map((r) => ({ value: r, label: r }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'days']}
                        rules={[{ required: true, message: '天数' }]}
                        style={{ width: 90, marginBottom: 8 }}
                      >
                        <InputNumber
                          aria-label={`第 ${index + 1} 行天数`}
                          min={1}
                          max={RECIPE_DAYS_MAX}
                          precision={0}
                          suffix="天"
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'qty']}
                        rules={[{ required: true, message: '数量' }]}
                        style={{ width: 90, marginBottom: 8 }}
                      >
                        <InputNumber
                          aria-label={`第 ${index + 1} 行数量`}
                          min={1}
                          max={RECIPE_QTY_MAX}
                          precision={0}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除第 ${index + 1} 行`}
                        onClick={() => remove(field.name)}
                      />
                    </Flex>
                  ))}
                  <Form.ErrorList errors={errors} />
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= RECIPE_ITEMS_MAX}
                    onClick={() => add({ dose_amount: '1', frequency: 'tid', route: '口服', days: 3, qty: 1 })}
                  >
                    添加药品
                  </Button>
                </Flex>
              )}
            </Form.List>

            <RecipeWarnings
              idle={body === null}
              failed={check.isError}
              checking={check.isFetching || JSON.stringify(body) !== JSON.stringify(settledBody)}
              result={check.data}
              lineOf={(i) => (completeIndexes[i] ?? i) + 1}
              reasons={reasons}
              onReason={(code, reason) => setReasons((r) => ({ ...r, [code]: reason }))}
            />
            <SignatureBlock />
          </Flex>
        </Form>
      )}
      {managing && profile ? <RecipeDiagnosesDialog doctorId={profile.id} onClose={() => setManaging(false)} /> : null}
    </Modal>
  );
}
