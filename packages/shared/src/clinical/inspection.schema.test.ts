import { describe, expect, it } from 'vitest';
import {
  compareRecipeWithOrder,
  inspectBodySchema,
  inspectionListQuerySchema,
  isInspectionDifference,
} from './inspection.schema';

describe('inspectBodySchema', () => {
  it('approves without a reason', () => {
    const b = inspectBodySchema.parse({ decision: 'approve' });
    expect(b).toEqual({ decision: 'approve', reason: '', shown: { warnings: [], images_viewed: 0, merged: false } });
  });
  it('needs a reject code to reject, and text for 其他', () => {
    const noCode = inspectBodySchema.safeParse({ decision: 'reject' });
    expect(noCode.success).toBe(false);
    expect(noCode.error?.issues[0]).toMatchObject({ path: ['reject_code'], message: '请选择驳回原因' });
    const other = inspectBodySchema.safeParse({ decision: 'reject', reject_code: 'other', reason: '  ' });
    expect(other.error?.issues[0]).toMatchObject({ path: ['reason'], message: '请填写驳回说明' });
    expect(inspectBodySchema.safeParse({ decision: 'reject', reject_code: 'dosage' }).success).toBe(true);
    expect(inspectBodySchema.safeParse({ decision: 'reject', reject_code: 'nope' }).success).toBe(false);
    expect(
      inspectBodySchema.safeParse({ decision: 'reject', reject_code: 'other', reason: 'x'.repeat(501) }).success,
    ).toBe(false);
  });
});

describe('inspectionListQuerySchema', () => {
  it('opens on 待审方 and ignores a bad tab', () => {
    expect(inspectionListQuerySchema.parse({}).status).toBe('pending_inspection');
    expect(inspectionListQuerySchema.parse({ status: 'nope' }).status).toBe('pending_inspection');
    expect(inspectionListQuerySchema.parse({ status: 'all' }).status).toBe('all');
  });
  it('refuses an end date before the start', () => {
    const r = inspectionListQuerySchema.safeParse({ date_from: '2026-03-06', date_to: '2026-03-05' });
    expect(r.error?.issues[0].message).toBe('结束日期不能早于开始日期');
  });
});

describe('compareRecipeWithOrder', () => {
  const rx = (product_id: number, name: string, qty: number) => ({ product_id, name, spec: '10片', qty });
  const line = (product_id: number | null, name: string, qty: number, product_type = 'RX') => ({
    product_id,
    name,
    spec: '10片',
    product_type,
    qty,
  });

  it('pairs lines by product and marks differences', () => {
    const rows = compareRecipeWithOrder(
      [rx(1, '阿莫西林胶囊', 2), rx(2, '布洛芬缓释胶囊', 1), rx(3, '头孢克肟片', 1)],
      [
        line(2, '布洛芬缓释胶囊', 3),
        line(1, '阿莫西林胶囊', 2),
        line(4, '氯雷他定片', 1),
        line(5, '医用口罩', 2, 'NON_DRUG'),
      ],
    );
    expect(rows.map((r) => [r.recipe?.name ?? null, r.order?.name ?? null, r.match])).toEqual([
      ['阿莫西林胶囊', '阿莫西林胶囊', 'match'],
      ['布洛芬缓释胶囊', '布洛芬缓释胶囊', 'qty_differs'],
      ['头孢克肟片', null, 'not_ordered'],
      [null, '氯雷他定片', 'not_prescribed'],
      [null, '医用口罩', 'no_rx_needed'],
    ]);
    expect(rows.filter((r) => isInspectionDifference(r.match))).toHaveLength(3);
  });

  it('falls back to the name for an order line without a product', () => {
    const rows = compareRecipeWithOrder([rx(1, '阿莫西林胶囊', 2)], [line(null, '阿莫西林胶囊', 2)]);
    expect(rows).toHaveLength(1);
    expect(rows[0].match).toBe('match');
  });

  it('takes each order line once', () => {
    const rows = compareRecipeWithOrder([rx(1, 'A', 1), rx(1, 'A', 1)], [line(1, 'A', 1)]);
    expect(rows.map((r) => r.match)).toEqual(['match', 'not_ordered']);
  });
});
