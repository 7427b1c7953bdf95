import type { Writable } from 'node:stream';
import { writeTemplateWorkbook } from '../../lib/spreadsheet-import/index';

export type ImportColumnKey =
  | 'name'
  | 'generic_name'
  | 'spec'
  | 'dosage_form'
  | 'manufacturer'
  | 'approval_no'
  | 'barcode'
  | 'type'
  | 'category'
  | 'indications'
  | 'usage'
  | 'contraindications'
  | 'adverse_reactions'
  | 'storage';

export interface ImportColumn {
  key: ImportColumnKey;
  /** The name an error report uses for the column. */
  label: string;
  /** The template's header cell (required columns carry a *). */
  header: string;
  required: boolean;
  maxLength: number;
  width: number;
}

/** The fixed upload template, in column order. */
export const importColumns: ImportColumn[] = [
  { key: 'name', label: '药品名称', header: '药品名称*', required: true, maxLength: 100, width: 24 },
  { key: 'generic_name', label: '通用名', header: '通用名*', required: true, maxLength: 100, width: 20 },
  { key: 'spec', label: '规格', header: '规格*', required: true, maxLength: 100, width: 18 },
  { key: 'dosage_form', label: '剂型', header: '剂型', required: false, maxLength: 32, width: 10 },
  { key: 'manufacturer', label: '生产厂家', header: '生产厂家*', required: true, maxLength: 100, width: 28 },
  { key: 'approval_no', label: '批准文号', header: '批准文号', required: false, maxLength: 64, width: 22 },
  { key: 'barcode', label: '条形码', header: '条形码', required: false, maxLength: 13, width: 16 },
  {
    key: 'type',
    label: '类型',
    header: '类型*（处方药/OTC/中药饮片/非药品）',
    required: true,
    maxLength: 16,
    width: 20,
  },
  { key: 'category', label: '分类', header: '分类', required: false, maxLength: 50, width: 12 },
  { key: 'indications', label: '适应症', header: '适应症', required: false, maxLength: 2000, width: 40 },
  { key: 'usage', label: '用法用量', header: '用法用量', required: false, maxLength: 2000, width: 30 },
  { key: 'contraindications', label: '禁忌', header: '禁忌', required: false, maxLength: 2000, width: 24 },
  { key: 'adverse_reactions', label: '不良反应', header: '不良反应', required: false, maxLength: 2000, width: 24 },
  { key: 'storage', label: '贮藏', header: '贮藏', required: false, maxLength: 500, width: 20 },
];

export const typeLabels = { RX: '处方药', OTC: 'OTC', HERBAL: '中药饮片', NON_DRUG: '非药品' } as const;

export const TEMPLATE_FILE_NAME = '药品导入模板.xlsx';

const exampleRows: string[][] = [
  [
    '布洛芬缓释胶囊',
    '布洛芬缓释胶囊',
    '0.3g*20粒/盒',
    '胶囊',
    '中美天津史克制药有限公司',
    '国药准字H10900089',
    '6901234567892',
    '处方药',
    '退烧镇痛',
    '用于缓解轻至中度疼痛。',
    '口服。成人一次1粒，一日2次。',
    '对本品过敏者禁用。',
    '偶见恶心、呕吐。',
    '密封保存。',
  ],
  [
    '当归(饮片)',
    '当归',
    '500g/袋',
    '饮片',
    '安徽协和成药业饮片有限公司',
    '',
    '',
    '中药饮片',
    '补益类',
    '补血活血，调经止痛。',
    '煎服。',
    '',
    '',
    '置阴凉干燥处。',
  ],
];

/** Writes the upload template: an empty 药品信息 sheet with the headers and a 填写说明 sheet with rules and examples. */
export function writeTemplate(out: Writable): Promise<void> {
  return writeTemplateWorkbook(out, {
    sheetName: '药品信息',
    columns: importColumns.map((c) => ({
      ...c,
      // Text format keeps barcodes from turning into 6.90123E+12.
      text: c.key === 'approval_no' || c.key === 'barcode',
      list:
        c.key === 'type'
          ? { values: Object.values(typeLabels), title: '类型不正确', error: '请选择 处方药/OTC/中药饮片/非药品' }
          : undefined,
    })),
    rules: [
      ['必填列', '带 * 的列必须填写：药品名称、通用名、规格、生产厂家、类型。'],
      ['类型', '处方药、OTC、中药饮片、非药品 四选一。'],
      [
        '批准文号',
        '处方药和 OTC 必填，格式为“国药准字”+ 字母(H/Z/S/B/T/F/J) + 8 位数字，如 国药准字H10900089。中药饮片、非药品可不填。',
      ],
      ['条形码', '选填，13 位商品条码（EAN-13），校验位须正确。'],
      ['分类', '选填，填写平台已有的分类名称，如 感冒用药、降压药。'],
      ['重复', '同一文件中“批准文号+规格”或“条形码”不能重复；新增时不能与平台已有药品重复，更新时须能匹配到已有药品。'],
      ['行数', '第一行为表头，从第二行开始填写；一次最多 50,000 行。'],
    ],
    examples: exampleRows,
  });
}
