import { existsSync } from 'node:fs';
import { formatShanghaiDate, formatShanghaiDateTime, type RecipeDetail, recipeFrequencies } from '@pharmacy/shared';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { AppError } from '../../lib/app-error';

/**
 * The printable prescription (处方笺, docs/clinical.md "Printable prescription"): one A5 portrait page (more when the
 * items do not fit), with the platform's header, the prescription number as a Code 128 barcode with its text, the
 * patient, the diagnoses, the Rp items with their dosage, the doctor's signature, the pharmacist's approval, a status
 * stamp and the dispensing pharmacy. Chinese needs a CJK font: Noto Sans CJK SC is embedded as a subset.
 */

export const PLATFORM_NAME = '药房平台互联网医院';

const MM = 72 / 25.4;
const WIDTH = 148 * MM;
const HEIGHT = 210 * MM;
const MARGIN = 10 * MM;
const CONTENT_W = WIDTH - 2 * MARGIN;
/** The footer (signatures, pharmacy) takes this much above the bottom margin. */
const FOOTER_H = 40 * MM;

/** Where the CJK faces are looked for: SF_LABEL_FONT_DIR (tests, other machines), then the Debian/Ubuntu paths. */
const fontDirs = () => [process.env.SF_LABEL_FONT_DIR, '/usr/share/fonts/opentype/noto', '/usr/share/fonts/noto-cjk'];
interface Face {
  path: string;
  family: string;
}
let faces: { regular: Face; bold: Face } | null = null;

function recipeFonts() {
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
    '服务器缺少中文字体（Noto Sans CJK），无法生成处方笺，请联系管理员安装 fonts-noto-cjk',
    'No Noto Sans CJK font found for prescriptions',
  );
}

/** The signature as an image pdfkit can embed (PNG or JPEG bytes), or null: the name is written instead. */
export type SignatureImage = Buffer | null;

export const isEmbeddableImage = (data: Buffer) =>
  (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) ||
  (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff);

const frequencyLabel = (code: string) => recipeFrequencies.find((f) => f.code === code)?.label ?? code;

const STAMP: Record<RecipeDetail['status'], { text: string; color: string }> = {
  approved: { text: '审核通过', color: '#c41d1d' },
  pending_inspection: { text: '待审方', color: '#8c8c8c' },
  rejected: { text: '审核驳回', color: '#c41d1d' },
  void: { text: '已作废', color: '#8c8c8c' },
};

const barcode = (text: string) =>
  bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 10, includetext: false, paddingwidth: 0 });

const joined = (list: string[], empty = '无') => (list.length ? list.join('、') : empty);

/** Writes the prescription as an A5 PDF and answers its bytes; the signature image is optional (never fails). */
export async function renderRecipePdf(
  detail: RecipeDetail,
  pharmacyName: string,
  signature: SignatureImage = null,
): Promise<Buffer> {
  const { regular, bold } = recipeFonts();
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `处方笺 ${detail.recipe_no}`, Author: PLATFORM_NAME, Subject: `处方 ${detail.recipe_no}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', regular.path, regular.family);
  doc.registerFont('cjk-bold', bold.path, bold.family);
  const code = await barcode(detail.recipe_no);
  await draw(doc, detail, pharmacyName, signature, code);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

async function draw(
  doc: PDFKit.PDFDocument,
  d: RecipeDetail,
  pharmacyName: string,
  signature: SignatureImage,
  code: Buffer,
) {
  const x0 = MARGIN;
  const rule = (y: number, width = 0.8) =>
    doc
      .moveTo(x0, y)
      .lineTo(x0 + CONTENT_W, y)
      .lineWidth(width)
      .stroke('#000');

  /** The header of every page; answers where the page's content starts. */
  const header = (continued: boolean) => {
    doc.addPage();
    let y = MARGIN;
    doc
      .font('cjk-bold')
      .fontSize(14)
      .fillColor('#000')
      .text(PLATFORM_NAME, x0, y, { width: CONTENT_W, align: 'center', lineBreak: false });
    y += 6.5 * MM;
    const hospital = d.doctor.hospital && d.doctor.hospital !== PLATFORM_NAME ? d.doctor.hospital : '';
    if (hospital) {
      doc
        .font('cjk')
        .fontSize(8)
        .fillColor('#333')
        .text(`执业机构：${hospital}`, x0, y, { width: CONTENT_W, align: 'center', lineBreak: false });
      y += 4.5 * MM;
    }
    doc
      .font('cjk-bold')
      .fontSize(18)
      .fillColor('#000')
      .text(continued ? '处方笺（续页）' : '处方笺', x0, y, {
        width: CONTENT_W,
        align: 'center',
        lineBreak: false,
        characterSpacing: 4,
      });
    // the kind of prescription, boxed at the top right (普通处方: white paper)
    doc
      .rect(x0 + CONTENT_W - 18 * MM, MARGIN, 18 * MM, 7 * MM)
      .lineWidth(0.8)
      .stroke('#000');
    doc
      .font('cjk-bold')
      .fontSize(9)
      .text('普通处方', x0 + CONTENT_W - 18 * MM, MARGIN + 1.6 * MM, {
        width: 18 * MM,
        align: 'center',
        lineBreak: false,
      });
    y += 9 * MM;

    // the number: text on the left, its barcode on the right
    doc
      .font('cjk')
      .fontSize(8)
      .fillColor('#000')
      .text('处方编号', x0, y + 1 * MM, { lineBreak: false });
    doc
      .font('cjk-bold')
      .fontSize(10)
      .text(d.recipe_no, x0, y + 4.5 * MM, { lineBreak: false });
    doc
      .font('cjk')
      .fontSize(8)
      .text(`开具日期：${formatShanghaiDate(d.created_at) ?? ''}`, x0, y + 9.5 * MM, { lineBreak: false });
    const bw = 52 * MM;
    doc.image(code, x0 + CONTENT_W - bw, y, { width: bw, height: 10 * MM });
    doc
      .font('cjk')
      .fontSize(7)
      .text(d.recipe_no, x0 + CONTENT_W - bw, y + 10.8 * MM, {
        width: bw,
        align: 'center',
        lineBreak: false,
        characterSpacing: 1,
      });
    y += 15 * MM;
    rule(y);
    return y;
  };

  let y = header(false);

  // the patient
  const field = (label: string, value: string, x: number, top: number, width: number) => {
    doc
      .font('cjk-bold')
      .fontSize(9)
      .fillColor('#000')
      .text(`${label}：`, x, top, { continued: true, lineBreak: false })
      .font('cjk')
      .text(value || '—', { width: width, lineBreak: false, ellipsis: true });
  };
  y += 2 * MM;
  const col = CONTENT_W / 4;
  field('姓名', d.patient.name, x0, y, col * 1.4);
  field('性别', d.patient.gender, x0 + col * 1.4, y, col * 0.8);
  field('年龄', d.patient.age === null ? '' : `${d.patient.age}岁`, x0 + col * 2.2, y, col * 0.8);
  if (d.patient.weight_kg) field('体重', `${d.patient.weight_kg}kg`, x0 + col * 3, y, col);
  y += 5.5 * MM;
  const dept = [d.doctor.department, d.order_no ? `订单号：${d.order_no}` : ''].filter(Boolean).join('    ');
  if (dept) {
    doc
      .font('cjk')
      .fontSize(9)
      .text(d.doctor.department ? `科别：${dept}` : dept, x0, y, { width: CONTENT_W, lineBreak: false });
    y += 5.5 * MM;
  }
  doc
    .font('cjk-bold')
    .fontSize(9)
    .text('过敏史：', x0, y, { continued: true })
    .font('cjk')
    .text(joined(d.patient.allergy_history), { width: CONTENT_W });
  y = doc.y + 1.5 * MM;
  doc
    .font('cjk-bold')
    .fontSize(9)
    .text('临床诊断：', x0, y, { continued: true })
    .font('cjk')
    .text(joined(d.diagnoses, '—'), { width: CONTENT_W });
  y = doc.y + 2 * MM;
  rule(y);

  // the status stamp, over the patient block at the right
  const stamp = STAMP[d.status];
  doc.save();
  doc.rotate(-12, { origin: [x0 + CONTENT_W - 20 * MM, y - 12 * MM] });
  doc
    .roundedRect(x0 + CONTENT_W - 36 * MM, y - 17 * MM, 32 * MM, 10 * MM, 2 * MM)
    .lineWidth(1.5)
    .strokeOpacity(0.8)
    .stroke(stamp.color);
  doc
    .font('cjk-bold')
    .fontSize(13)
    .fillColor(stamp.color)
    .fillOpacity(0.85)
    .text(stamp.text, x0 + CONTENT_W - 36 * MM, y - 15 * MM, {
      width: 32 * MM,
      align: 'center',
      lineBreak: false,
      characterSpacing: 2,
    });
  doc.restore();
  doc.fillColor('#000').fillOpacity(1).strokeOpacity(1);

  // Rp
  y += 2 * MM;
  doc.font('cjk-bold').fontSize(16).text('Rp', x0, y, { lineBreak: false });
  y += 8 * MM;
  const bottom = HEIGHT - MARGIN - FOOTER_H;
  for (const [n, item] of d.items.entries()) {
    const title = `${n + 1}. ${item.name}${item.spec ? `  ${item.spec}` : ''}`;
    const usage = `用法：${item.route}，每次 ${item.dose_amount}${item.dose_unit}，${frequencyLabel(item.frequency)}，${item.days} 天`;
    doc.font('cjk-bold').fontSize(10);
    const titleH = doc.heightOfString(title, { width: CONTENT_W - 24 * MM });
    doc.font('cjk').fontSize(8.5);
    const usageH = doc.heightOfString(usage, { width: CONTENT_W - 6 * MM });
    if (y + titleH + usageH + 3 * MM > bottom) {
      y = header(true) + 3 * MM;
    }
    doc
      .font('cjk-bold')
      .fontSize(10)
      .fillColor('#000')
      .text(title, x0 + 2 * MM, y, { width: CONTENT_W - 24 * MM });
    doc
      .font('cjk-bold')
      .fontSize(10)
      .text(`×${item.qty}`, x0 + CONTENT_W - 20 * MM, y, { width: 20 * MM, align: 'right', lineBreak: false });
    y += titleH + 0.8 * MM;
    doc
      .font('cjk')
      .fontSize(8.5)
      .fillColor('#333')
      .text(usage, x0 + 6 * MM, y, { width: CONTENT_W - 6 * MM });
    doc.fillColor('#000');
    y += usageH + 2.5 * MM;
  }
  if (y + 6 * MM <= bottom) {
    doc
      .font('cjk')
      .fontSize(8)
      .fillColor('#666')
      .text('（以下空白）', x0, y + 1 * MM, { width: CONTENT_W, align: 'center', lineBreak: false });
    doc.fillColor('#000');
  }

  // the footer: the doctor's signature and date, the pharmacist's approval, the dispensing pharmacy
  let fy = HEIGHT - MARGIN - FOOTER_H;
  rule(fy);
  fy += 3 * MM;
  const half = CONTENT_W / 2;
  doc
    .font('cjk-bold')
    .fontSize(9)
    .text('医师：', x0, fy + 3 * MM, { lineBreak: false });
  const signX = x0 + 11 * MM;
  let signed = false;
  if (signature) {
    try {
      doc.image(signature, signX, fy, { fit: [30 * MM, 11 * MM], valign: 'center' });
      signed = true;
    } catch {
      signed = false; // an image pdfkit cannot read: the name instead
    }
  }
  if (!signed) {
    doc
      .font('cjk-bold')
      .fontSize(14)
      .text(d.doctor.name, signX, fy + 1.5 * MM, { width: 30 * MM, lineBreak: false });
  }
  doc
    .font('cjk')
    .fontSize(8)
    .fillColor('#333')
    .text(
      `${[d.doctor.name, d.doctor.title].filter(Boolean).join(' ')}    日期：${formatShanghaiDate(d.created_at) ?? ''}`,
      x0,
      fy + 12.5 * MM,
      { width: half - 2 * MM, lineBreak: false, ellipsis: true },
    );
  doc.fillColor('#000');

  const px = x0 + half + 2 * MM;
  const approved = d.status === 'approved';
  doc
    .font('cjk-bold')
    .fontSize(9)
    .text('审核药师：', px, fy + 3 * MM, { continued: true })
    .font('cjk')
    .text(approved || d.status === 'rejected' ? (d.pharmacist_name ?? '—') : '—', {
      width: half - 2 * MM,
      lineBreak: false,
    });
  doc
    .font('cjk-bold')
    .fontSize(9)
    .text('审核时间：', px, fy + 8.5 * MM, { continued: true })
    .font('cjk')
    .text(d.inspected_at ? (formatShanghaiDateTime(d.inspected_at) ?? '—') : '—', {
      width: half - 2 * MM,
      lineBreak: false,
    });
  doc
    .font('cjk')
    .fontSize(8)
    .fillColor('#333')
    .text(`审核结果：${stamp.text}`, px, fy + 13.5 * MM, { width: half - 2 * MM, lineBreak: false });
  doc.fillColor('#000');

  fy += 19 * MM;
  rule(fy, 0.5);
  doc
    .font('cjk-bold')
    .fontSize(9)
    .text('调配药房：', x0, fy + 2.5 * MM, { continued: true })
    .font('cjk')
    .text(pharmacyName, { width: CONTENT_W, lineBreak: false });
  doc
    .font('cjk')
    .fontSize(7)
    .fillColor('#666')
    .text(
      `本处方仅限于该药房调配，当日有效（特殊情况由医师注明，最长不超过 3 天）。打印时间：${formatShanghaiDateTime(new Date()) ?? ''}`,
      x0,
      fy + 8 * MM,
      { width: CONTENT_W },
    );
  doc.fillColor('#000');
}
