import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, type ExportColumn, exportFileName, writeSpreadsheet } from './spreadsheet-export';

interface Row {
  no: string;
  name: string;
  amount: string;
  qty: number;
  note: string | null;
}

const columns: ExportColumn<Row>[] = [
  { header: '订单号', width: 22, type: 'text', value: (r) => r.no },
  { header: '名称', width: 20, value: (r) => r.name },
  { header: '金额', width: 12, type: 'money', value: (r) => r.amount },
  { header: '数量', width: 8, type: 'integer', value: (r) => r.qty },
  { header: '备注', width: 20, value: (r) => r.note },
];

class Sink extends Writable {
  chunks: Buffer[] = [];
  override _write(chunk: Buffer, _enc: string, cb: () => void) {
    this.chunks.push(chunk);
    cb();
  }
  get buffer() {
    return Buffer.concat(this.chunks);
  }
}

async function* batchesOf<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function readBack(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return { ws, rows: out };
}

describe('writeSpreadsheet', () => {
  it('writes a workbook that exceljs reads back cell for cell', async () => {
    const rows: Row[] = Array.from({ length: 2500 }, (_, i) => ({
      no: `2026112400000${String(i).padStart(5, '0')}`,
      name: i === 3 ? '  <布洛芬> & "胶囊"\u0001 ' : `商品${i}`,
      amount: i === 7 ? '-0.05' : `${i}.${String(i % 100).padStart(2, '0')}`,
      qty: i % 5,
      note: i % 2 ? null : '无',
    }));
    const sink = new Sink();
    const result = await writeSpreadsheet(sink, { sheetName: '订单', columns, batches: batchesOf(rows, 1000) });
    expect(result.rows).toBe(2500);
    expect(result.bytes).toBe(sink.buffer.length);
    const { ws, rows: read } = await readBack(sink.buffer);
    expect(ws.name).toBe('订单');
    expect(read[0]).toEqual(['订单号', '名称', '金额', '数量', '备注']);
    expect(read).toHaveLength(2501);
    for (const [i, r] of rows.entries()) {
      const got = read[i + 1]!;
      expect(got[0]).toBe(r.no); // text: 18 digits kept
      expect(got[1]).toBe(i === 3 ? '  <布洛芬> & "胶囊" ' : r.name); // escaped, control character dropped, spaces kept
      expect(got[2]).toBe(Number(r.amount));
      expect(got[3]).toBe(r.qty === 0 ? 0 : r.qty);
      expect(got[4] ?? null).toBe(r.note);
    }
    expect(ws.getCell('C2').numFmt).toBe('0.00');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('B2').font?.bold).toBeFalsy();
  });

  it('writes only the header for no rows', async () => {
    const sink = new Sink();
    const result = await writeSpreadsheet(sink, { sheetName: '空', columns, batches: batchesOf([], 10) });
    expect(result.rows).toBe(0);
    const { rows } = await readBack(sink.buffer);
    expect(rows).toEqual([['订单号', '名称', '金额', '数量', '备注']]);
  });

  it('asks for the next batch only as the output drains, and stops when the client leaves', async () => {
    // a slow client: each chunk is accepted a turn of the event loop later
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(_chunk: Buffer, _enc, cb) {
        setImmediate(cb);
      },
    });
    let asked = 0;
    let mostWaiting = 0;
    const rowsOf = (n: number) =>
      Array.from({ length: 500 }, (_, i) => ({
        no: `${n}-${i}`,
        name: `随机文本 ${Math.random()}`,
        amount: '1.00',
        qty: 1,
        note: String(Math.random()),
      }));
    async function* batches() {
      for (let n = 0; n < 60; n++) {
        asked += 1;
        // what the client has not taken yet when the writer asks for more
        mostWaiting = Math.max(mostWaiting, slow.writableLength);
        yield rowsOf(n);
      }
    }
    const result = await writeSpreadsheet(slow, { sheetName: 's', columns, batches: batches() });
    expect(result.rows).toBe(30_000);
    expect(asked).toBe(60);
    expect(result.bytes).toBeGreaterThan(1024 * 1024);
    // without backpressure the whole file would be waiting; with it, about one deflated batch
    expect(mostWaiting).toBeLessThan(256 * 1024);

    const leaving = new Writable({ write: (_c, _e, cb) => setImmediate(cb) });
    async function* untilLeft() {
      for (let n = 0; ; n++) {
        if (n === 5) leaving.destroy();
        yield rowsOf(n);
      }
    }
    await expect(writeSpreadsheet(leaving, { sheetName: 's', columns, batches: untilLeft() })).rejects.toThrow(
      /closed|destroyed|aborted/,
    );
  });

  it('names columns and files', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(exportFileName('订单导出', '2026-11-24')).toBe('订单导出-20261124.xls');
  });
});
