import { existsSync } from 'node:fs';
import { maskPhone } from '@pharmacy/shared';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { AppError } from '../../lib/app-error';

/**
 * SF waybill labels (顺丰电子面单): 100 × 150 mm pages, one per shipment, with a Code 128 barcode of the waybill
 * number and its text, the routing codes, the receiver and sender blocks, the order number and what the parcel holds.
 * Chinese text needs a CJK font: Noto Sans CJK SC is embedded as a subset (only the glyphs used).
 */

export interface LabelParty {
  name: string;
  phone: string;
  address: string;
}

export interface LabelData {
  waybillNo: string;
  originCode: string;
  destCode: string;
  productName: string;
  monthlyAccount: string;
  orderNo: string;
  sender: LabelParty;
  receiver: LabelParty;
  /** "布洛芬缓释胶囊 ×2，维生素C片 ×1 等 3 件" */
  items: string;
  remark: string;
  shippedAt: Date;
}

const MM = 72 / 25.4;
const WIDTH = 100 * MM;
const HEIGHT = 150 * MM;

/** Where the CJK faces are looked for: SF_LABEL_FONT_DIR (tests, other machines), then the Debian/Ubuntu package's path. */
const fontDirs = () => [process.env.SF_LABEL_FONT_DIR, '/usr/share/fonts/opentype/noto', '/usr/share/fonts/noto-cjk'];

interface Faces {
  regular: { path: string; family: string };
  bold: { path: string; family: string };
}
let faces: Faces | null = null;

/** The Sans CJK faces (regular, bold; bold falls back to regular); a clear refusal when the machine has none. */
export function labelFonts(): Faces {
  if (faces) return faces;
  for (const dir of fontDirs()) {
    if (!dir) continue;
    const regular = `${dir}/NotoSansCJK-Regular.ttc`;
    if (!existsSync(regular)) continue;
    const bold = `${dir}/NotoSansCJK-Bold.ttc`;
    faces = {
      regular: { path: regular, family: 'NotoSansCJKsc-Regular' },
      bold: existsSync(bold)
        ? { path: bold, family: 'NotoSansCJKsc-Bold' }
        : { path: regular, family: 'NotoSansCJKsc-Regular' },
    };
    return faces;
  }
  throw new AppError(
    503,
    500000,
    '服务器缺少中文字体（Noto Sans CJK），无法生成面单，请联系管理员安装 fonts-noto-cjk',
    'No Noto Sans CJK font found for SF labels',
  );
}

const barcode = (text: string) =>
  bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false, paddingwidth: 0 });

/** "SF1000000000123" → "SF 1000 0000 00123"-like groups of four for reading aloud on the label. */
const grouped = (no: string) =>
  `${no.slice(0, 2)} ${no.slice(2, no.length - 12)} ${no.slice(-12).replace(/(\d{4})(?=\d)/g, '$1 ')}`.replace(
    / +/g,
    ' ',
  );

const pad = (n: number) => String(n).padStart(2, '0');
/** Shanghai time, as printed: 2026-11-24 10:32 */
const shanghaiTime = (d: Date) => {
  const s = new Date(d.getTime() + 8 * 3600_000);
  return `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())} ${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}`;
};

/** Writes the labels as one PDF (a page each) and answers its bytes. */
export async function renderLabels(labels: LabelData[]): Promise<Buffer> {
  const { regular, bold } = labelFonts();
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: labels.length === 1 ? `顺丰面单 ${labels[0].waybillNo}` : `顺丰面单 ${labels.length} 张`,
      Author: '药房管理后台',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', regular.path, regular.family);
  doc.registerFont('cjk-bold', bold.path, bold.family);
  for (const label of labels) {
    doc.addPage();
    await drawLabel(doc, label);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

async function drawLabel(doc: PDFKit.PDFDocument, l: LabelData) {
  const x0 = 3 * MM;
  const w = WIDTH - 6 * MM;
  const line = (y: number) =>
    doc
      .moveTo(x0, y)
      .lineTo(x0 + w, y)
      .lineWidth(0.8)
      .stroke('#000');
  doc
    .rect(x0, 3 * MM, w, HEIGHT - 6 * MM)
    .lineWidth(1)
    .stroke('#000');

  // header: the brand and the product
  let y = 3 * MM;
  doc
    .font('cjk-bold')
    .fontSize(18)
    .fillColor('#000')
    .text('顺丰速运', x0 + 3 * MM, y + 3 * MM, { lineBreak: false });
  doc
    .font('cjk')
    .fontSize(7)
    .text('SF EXPRESS', x0 + 3 * MM, y + 10.5 * MM, { lineBreak: false });
  doc
    .font('cjk-bold')
    .fontSize(13)
    .text(l.productName, x0 + w - 40 * MM, y + 3.5 * MM, { width: 37 * MM, align: 'right', lineBreak: false });
  doc
    .font('cjk')
    .fontSize(7)
    .text('寄付月结', x0 + w - 40 * MM, y + 10 * MM, { width: 37 * MM, align: 'right', lineBreak: false });
  y += 15 * MM;
  line(y);

  // the barcode of the waybill number with its text
  const png = await barcode(l.waybillNo);
  doc.image(png, x0 + 8 * MM, y + 2 * MM, { width: w - 16 * MM, height: 16 * MM });
  doc
    .font('cjk-bold')
    .fontSize(11)
    .text(l.waybillNo, x0, y + 19 * MM, { width: w, align: 'center', lineBreak: false, characterSpacing: 1 });
  doc
    .font('cjk')
    .fontSize(7)
    .fillColor('#333')
    .text(`运单号 ${grouped(l.waybillNo)}`, x0, y + 24 * MM, { width: w, align: 'center', lineBreak: false });
  doc.fillColor('#000');
  y += 28 * MM;
  line(y);

  // routing: the destination code large, the origin beside it
  doc
    .font('cjk-bold')
    .fontSize(30)
    .text(l.destCode, x0 + 3 * MM, y + 1.5 * MM, { lineBreak: false });
  doc
    .font('cjk')
    .fontSize(8)
    .text(`原寄地 ${l.originCode}`, x0 + w - 40 * MM, y + 3 * MM, { width: 37 * MM, align: 'right' })
    .text(`目的地 ${l.destCode}`, x0 + w - 40 * MM, y + 9 * MM, { width: 37 * MM, align: 'right' });
  y += 16 * MM;
  line(y);

  const party = (tag: string, p: LabelParty, top: number, height: number, big: boolean) => {
    doc.rect(x0, top, 9 * MM, height).fill('#000');
    doc
      .fillColor('#fff')
      .font('cjk-bold')
      .fontSize(14)
      .text(tag, x0, top + height / 2 - 3.2 * MM, { width: 9 * MM, align: 'center', lineBreak: false });
    doc.fillColor('#000');
    const tx = x0 + 11 * MM;
    const tw = w - 13 * MM;
    doc
      .font('cjk-bold')
      .fontSize(big ? 12 : 9)
      .text(`${p.name}  ${p.phone}`, tx, top + 1.8 * MM, { width: tw, lineBreak: false, ellipsis: true });
    doc
      .font('cjk')
      .fontSize(big ? 10 : 8)
      .text(p.address, tx, top + (big ? 7.5 : 6) * MM, {
        width: tw,
        height: height - (big ? 8.5 : 7) * MM,
        ellipsis: true,
      });
    line(top + height);
  };
  party('收', l.receiver, y, 22 * MM, true);
  y += 22 * MM;
  party('寄', l.sender, y, 17 * MM, false);
  y += 17 * MM;

  // what it holds and the order
  const rows: [string, string][] = [
    ['托寄物', l.items],
    ['订单号', l.orderNo],
    ['月结卡号', l.monthlyAccount],
    ['备注', l.remark || '—'],
  ];
  let ry = y + 2 * MM;
  for (const [k, v] of rows) {
    doc
      .font('cjk-bold')
      .fontSize(8)
      .text(k, x0 + 3 * MM, ry, { width: 14 * MM, lineBreak: false });
    const height = k === '托寄物' ? 12 * MM : 4 * MM;
    doc
      .font('cjk')
      .fontSize(8)
      .text(v, x0 + 18 * MM, ry, { width: w - 21 * MM, height, ellipsis: true });
    ry += height + 0.8 * MM;
  }
  y = HEIGHT - 14 * MM;
  line(y);
  doc
    .font('cjk')
    .fontSize(7)
    .fillColor('#333')
    .text(`打印时间 ${shanghaiTime(new Date())}    发货时间 ${shanghaiTime(l.shippedAt)}`, x0 + 3 * MM, y + 2 * MM, {
      width: w - 6 * MM,
      lineBreak: false,
    })
    .text('签收人：____________    签收时间：____________', x0 + 3 * MM, y + 6 * MM, {
      width: w - 6 * MM,
      lineBreak: false,
    });
  doc.fillColor('#000');
}

/** The receiver's phone on the label is masked (privacy waybill, 隐私面单); the sender's is the pharmacy's. */
export const labelReceiverPhone = (phone: string) => String(maskPhone(phone));
