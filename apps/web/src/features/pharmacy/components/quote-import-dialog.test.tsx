import { type Contract, type QuoteImportPreview, quoteImportContracts } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { ApiError } from '../../../lib/http-errors';
import { installDomStubs } from '../../../lib/testing/dom';
import { QuoteImportDialog } from './quote-import-dialog';

/** The HTTP layer, replaced: each call is recorded and answered by the test. */
const calls: {
  contract: Contract;
  input: Record<string, unknown>;
  options?: { onUploadProgress?: (n: number) => void };
}[] = [];
let answer: (contract: Contract, input: Record<string, unknown>) => Promise<unknown>;
vi.mock('../../../lib/http', async (actual) => ({
  ...(await actual<typeof import('../../../lib/http')>()),
  callApi: (contract: Contract, input: Record<string, unknown> = {}, options?: never) => {
    calls.push({ contract, input, options });
    return answer(contract, input);
  },
}));

beforeAll(installDomStubs);
beforeEach(() => {
  calls.length = 0;
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
});

const row = (n: number, action: 'create' | 'update') => ({
  row: n,
  product_id: 100 + n,
  name: '布洛芬缓释胶囊',
  spec: `0.${n}g*20粒/盒`,
  manufacturer: '中美天津史克制药有限公司',
  approval_no: '国药准字H10900089',
  barcode: `690123456789${n}`,
  price: '29.80',
  original_price: n === 2 ? '35.00' : null,
  stock: 120,
  status: null,
  action,
});

const withErrors: QuoteImportPreview = {
  upload_id: '7f0c2a8e-1b2c-4d3e-8f90-123456789abc',
  file_name: '报价.xlsx',
  report: {
    total: 4,
    valid: 2,
    invalid: 2,
    to_create: 1,
    to_update: 1,
    errors: [
      { row: 3, column: '售价', message: '售价最多两位小数' },
      { row: 5, column: '批准文号', message: '平台药品库中没有批准文号为 国药准字H99999999 的药品' },
    ],
    errors_truncated: false,
    rows: [row(2, 'create'), row(4, 'update')],
  },
};

function renderDialog() {
  const onApplied = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QuoteImportDialog open onClose={onClose} onApplied={onApplied} />
    </QueryClientProvider>,
  );
  return { onApplied, onClose };
}

const xlsx = (name = '报价.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

/** The button showing `text` (text queries: role queries over antd's tables are slow in jsdom). */
const button = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;
const table = (name: string) => document.querySelector(`table[aria-label="${name}"]`) as HTMLElement;

async function choose(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('QuoteImportDialog', { timeout: 90_000 }, () => {
  it('downloads the template, shows the upload progress, the report by row in Chinese, and applies the valid rows', async () => {
    const { onApplied } = renderDialog();
    expect(screen.getByText('导入报价')).toBeTruthy();

    answer = async () => new Blob();
    await act(async () => fireEvent.click(button('下载模板')));
    expect(calls.map((c) => c.contract)).toEqual([quoteImportContracts.template]);

    // the preview is held open while the file is "sent", to see the progress bar move
    let release!: (p: QuoteImportPreview) => void;
    answer = () => new Promise((resolve) => (release = resolve));
    await choose(xlsx());
    const preview = calls.at(-1)!;
    expect(preview.contract).toBe(quoteImportContracts.preview);
    expect(preview.input.file).toBeInstanceOf(File);
    await act(async () => preview.options?.onUploadProgress?.(0.4));
    const bar = document.querySelector('[role=progressbar][aria-label="上传进度"]') as HTMLElement;
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('正在上传 报价.xlsx')).toBeTruthy();
    await act(async () => preview.options?.onUploadProgress?.(1));
    expect(screen.getByText('上传完成，正在校验 报价.xlsx…')).toBeTruthy();
    await act(async () => release(withErrors));

    // 校验结果: the counts, the errors with their row numbers, the valid rows with what will happen to each
    expect(screen.getByText('3. 校验结果：报价.xlsx')).toBeTruthy();
    const errors = within(table('错误明细'));
    expect(errors.getByText('售价最多两位小数')).toBeTruthy();
    expect(errors.getByText('平台药品库中没有批准文号为 国药准字H99999999 的药品')).toBeTruthy();
    expect([...table('错误明细').querySelectorAll('tr')].map((r) => r.textContent)).toEqual([
      '行号列错误信息',
      '3售价售价最多两位小数',
      '5批准文号平台药品库中没有批准文号为 国药准字H99999999 的药品',
    ]);
    const valid = within(table('有效行预览'));
    expect(valid.getByText('新增报价')).toBeTruthy();
    expect(valid.getByText('更新报价')).toBeTruthy();
    expect(valid.getByText('¥35.00')).toBeTruthy();

    // with errors the whole file cannot be applied; 仅导入有效行 applies the two valid rows
    const confirm = button('确认导入');
    expect(confirm.disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByLabelText('仅导入有效行')));
    answer = async () => ({ created: 1, updated: 1, skipped: 2 });
    await act(async () => fireEvent.click(button('导入有效行（2 行）')));
    expect(calls.at(-1)).toMatchObject({
      contract: quoteImportContracts.apply,
      input: { upload_id: withErrors.upload_id, only_valid: true },
    });
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(document.querySelector('.ant-alert[role=status]')?.textContent).toContain(
      '导入成功：新增 1 条，更新 1 条，跳过 2 条',
    );
    expect(table('错误明细')).toBeNull();
  });

  it('downloads the error report of the upload, and applies a file without errors whole', async () => {
    const { onApplied } = renderDialog();
    answer = async () => withErrors;
    await choose(xlsx());
    answer = async () => new Blob();
    await act(async () => fireEvent.click(button('下载错误报告')));
    expect(calls.at(-1)).toMatchObject({
      contract: quoteImportContracts.errors,
      input: { upload_id: withErrors.upload_id },
    });

    const clean: QuoteImportPreview = {
      ...withErrors,
      upload_id: '0b8d6e4a-5c3b-4a21-9e87-fedcba987654',
      report: { ...withErrors.report, total: 2, invalid: 0, errors: [] },
    };
    answer = async () => clean;
    await choose(xlsx('报价-修正.xlsx'));
    expect(screen.getByText('全部行校验通过')).toBeTruthy();
    answer = async () => ({ created: 1, updated: 1, skipped: 0 });
    await act(async () => fireEvent.click(button('确认导入')));
    expect(calls.at(-1)).toMatchObject({ input: { upload_id: clean.upload_id, only_valid: false } });
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
  });

  it('refuses other file types before sending, and shows the server refusal of a file in words', async () => {
    renderDialog();
    await choose(new File(['hello'], '报价.txt', { type: 'text/plain' }));
    expect(document.querySelector('[role=alert]')?.textContent).toContain('仅支持 .xlsx 或 .csv 文件');
    expect(calls).toEqual([]);

    answer = async () => {
      throw new ApiError({
        httpCode: 400,
        message: 'Import file refused',
        msg: '表头缺少必填列：售价、库存。请下载最新模板填写',
        responseData: { code: 400111, msg: '表头缺少必填列：售价、库存。请下载最新模板填写', data: null },
      });
    };
    await choose(xlsx());
    await waitFor(() =>
      expect(document.querySelector('[role=alert]')?.textContent).toContain(
        '表头缺少必填列：售价、库存。请下载最新模板填写',
      ),
    );
    expect(document.querySelector('[role=progressbar]')).toBeNull();
  });
});
