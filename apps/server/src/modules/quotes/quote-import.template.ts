import type { Writable } from 'node:stream';
import { writeTemplateWorkbook } from '../../lib/spreadsheet-import/index';
import { quoteImportColumns } from './quote-import.validate';

/** Writes 报价导入模板.xlsx: an empty 报价信息 sheet with the headers and a 填写说明 sheet with rules and examples. */
export function writeQuoteTemplate(out: Writable): Promise<void> {
  return writeTemplateWorkbook(out, {
    sheetName: '报价信息',
    columns: quoteImportColumns,
    rules: [
      [
        '匹配药品',
        '按「批准文号」在平台药品库中匹配药品；同一批准文号有多个规格时，用「条码」区分。只填条码也可以。两者都填时须指向同一药品。',
      ],
      ['药品名称', '仅供填写时核对，不参与匹配；导入后显示平台药品库中的名称。'],
      ['售价', '必填，大于 0，最多两位小数，如 12.50。'],
      ['原价', '选填（划线价），不低于售价；不填表示没有原价。'],
      ['库存', '必填，不小于 0 的整数。'],
      ['上架状态', '选填，上架 或 下架。不填时：新报价上架，已有报价保持原状态。'],
      ['新增或更新', '本药房尚未报价的药品新增报价，已报价的药品更新售价、原价、库存（和填写的上架状态）。'],
      ['重复', '同一药品在文件中只能出现一次。'],
      ['行数', '第一行为表头，从第二行开始填写；一次最多 50,000 行。'],
    ],
    examples: [
      ['国药准字H10900089', '6901234567892', '布洛芬缓释胶囊 0.3g*20粒/盒', '29.80', '35.00', '120', '上架'],
      ['国药准字Z20040063', '', '连花清瘟胶囊 0.35g*24粒/盒', '16.50', '', '300', ''],
      ['', '6923456789012', '医用外科口罩 10只/袋', '9.90', '12.00', '500', '下架'],
    ],
  });
}
