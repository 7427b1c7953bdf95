// The clinical demo data's images (db/seed/clinical.ts), served under /demo/clinical/ by the catalogue module's demo
// image route: the demo doctors' handwritten signatures and the photos patients upload with a consultation request
// (a paper prescription, an outpatient record, a medicine box), drawn as SVG documents with Chinese text.

/** Glyph outlines of Noto Sans CJK SC Regular (SIL OFL 1.1), font units (1,000 per em, y up), for the signatures. */
const GLYPHS: Record<string, string> = {
  张: 'M845 795C790 690 695 595 600 535C615 520 645 495 655 485C755 550 855 660 920 775ZM115 575C110 480 100 350 90 275L290 275C280 95 265 20 250 5C240 -5 230 -10 210 -10C195 -10 145 -5 95 -5C105 -20 115 -50 115 -70C165 -75 215 -75 245 -70C275 -70 295 -60 310 -40C340 -10 350 75 365 310C365 320 365 340 365 340L165 340C170 390 175 450 180 505L360 505L360 800L95 800L95 730L290 730L290 575ZM475 -85C490 -70 520 -60 715 25C715 40 715 75 715 95L560 40L560 380L660 380C705 185 790 20 920 -65C930 -45 955 -20 970 -5C855 65 770 210 730 380L960 380L960 450L560 450L560 820L490 820L490 450L375 450L375 380L490 380L490 45C490 5 460 -10 440 -20C455 -35 470 -65 475 -85Z',
  明: 'M340 450L340 250L150 250L150 450ZM340 520L150 520L150 710L340 710ZM80 780L80 90L150 90L150 180L410 180L410 780ZM855 725L855 555L575 555L575 725ZM500 795L500 440C500 285 485 95 315 -35C330 -45 360 -70 370 -85C485 0 535 120 560 240L855 240L855 20C855 0 845 -5 830 -5C810 -5 750 -5 685 -5C695 -25 710 -55 710 -80C800 -80 850 -75 885 -65C915 -50 930 -30 930 20L930 795ZM855 485L855 310L570 310C575 355 575 400 575 440L575 485Z',
  远: 'M65 735C125 695 200 640 240 600L290 660C250 690 170 750 110 785ZM375 775L375 710L885 710L885 775ZM250 490L45 490L45 420L180 420L180 100C135 80 85 40 40 -15L90 -80C140 -15 190 45 220 45C245 45 280 15 320 -10C390 -55 475 -65 595 -65C705 -65 875 -60 945 -55C945 -35 955 0 965 20C865 10 710 0 600 0C485 0 400 10 335 50C295 75 275 95 250 105ZM310 555L310 485L480 485C470 310 445 200 290 140C305 125 325 95 335 80C510 155 545 280 555 485L675 485L675 195C675 120 690 95 765 95C780 95 845 95 860 95C920 95 940 130 945 260C925 265 895 275 885 290C880 180 875 165 850 165C840 165 785 165 775 165C750 165 745 170 745 195L745 485L945 485L945 555Z',
  李: 'M460 840L460 730L55 730L55 660L375 660C285 570 155 495 35 455C55 440 75 410 85 395C220 445 365 545 460 655L460 440L535 440L535 655C630 545 775 450 915 400C925 420 945 450 965 460C840 500 705 575 620 660L945 660L945 730L535 730L535 840ZM460 275L460 225L55 225L55 155L460 155L460 10C460 -5 455 -10 435 -10C420 -10 355 -10 290 -5C300 -25 315 -55 320 -75C405 -75 455 -75 490 -65C525 -55 535 -35 535 10L535 155L945 155L945 225L535 225L535 245C620 280 715 330 780 380L730 420L715 420L230 420L230 350L625 350C575 320 515 295 460 275Z',
  文: 'M425 825C455 775 485 705 495 665L580 695C565 735 530 800 500 845ZM50 665L50 590L205 590C265 440 345 305 445 200C335 110 200 40 35 -5C50 -25 75 -60 85 -80C250 -25 390 50 500 145C615 45 750 -30 915 -75C930 -50 950 -20 965 -5C805 35 670 105 560 200C660 305 740 430 795 590L955 590L955 665ZM505 255C410 350 335 460 285 590L710 590C660 455 590 345 505 255Z',
  博: 'M415 115C465 75 520 20 545 -20L600 25C575 60 515 115 465 155ZM390 615L390 275L455 275L455 340L605 340L605 280L675 280L675 340L840 340L840 275L905 275L905 615L675 615L675 670L960 670L960 730L885 730L910 760C875 785 815 820 770 835L735 795C770 775 815 750 850 730L675 730L675 840L605 840L605 730L335 730L335 670L605 670L605 615ZM605 450L605 390L455 390L455 450ZM675 450L840 450L840 390L675 390ZM605 500L455 500L455 560L605 560ZM675 500L675 560L840 560L840 500ZM740 300L740 225L310 225L310 160L740 160L740 0C740 -10 735 -15 720 -15C705 -15 660 -15 605 -15C615 -35 625 -60 630 -80C700 -80 745 -80 775 -70C800 -60 810 -40 810 0L810 160L965 160L965 225L810 225L810 300ZM165 840L165 575L40 575L40 505L165 505L165 -80L235 -80L235 505L355 505L355 575L235 575L235 840Z',
  陈: 'M775 220C820 145 875 40 900 -20L965 15C935 75 880 175 835 250ZM460 245C435 170 380 75 325 15C340 5 365 -15 380 -25C440 40 495 140 530 225ZM80 795L80 -80L150 -80L150 730L275 730C255 660 230 570 200 495C270 420 285 350 285 300C285 270 280 240 265 230C260 225 250 220 235 220C220 220 205 220 180 225C195 205 200 175 200 155C225 155 245 155 265 155C285 160 300 165 315 175C345 195 355 235 355 290C355 350 340 420 270 505C305 585 340 690 365 770L315 800L300 795ZM365 705L365 635L500 635C475 560 450 495 440 470C420 425 405 395 385 390C395 370 405 330 410 315C420 325 455 330 500 330L620 330L620 10C620 0 615 -5 605 -5C590 -5 550 -5 500 -5C510 -25 520 -55 520 -75C590 -75 630 -75 660 -65C685 -50 695 -30 695 10L695 330L910 330L910 400L695 400L695 555L620 555L620 400L480 400C515 470 550 550 580 635L945 635L945 705L600 705C615 750 625 795 635 835L555 850C545 800 535 750 520 705Z',
  国: 'M590 320C630 285 670 240 690 205L745 235C720 270 680 315 640 345ZM230 195L230 130L775 130L775 195L530 195L530 365L730 365L730 430L530 430L530 575L755 575L755 640L240 640L240 575L460 575L460 430L270 430L270 365L460 365L460 195ZM85 795L85 -80L160 -80L160 -30L835 -30L835 -80L915 -80L915 795ZM160 40L160 725L835 725L835 40Z',
  平: 'M175 630C215 555 250 460 265 400L335 425C325 480 280 580 240 650ZM755 655C730 580 685 480 645 415L710 395C750 455 795 550 835 635ZM50 350L50 275L460 275L460 -80L535 -80L535 275L950 275L950 350L535 350L535 700L895 700L895 775L105 775L105 700L460 700L460 350Z',
  周: 'M150 790L150 470C150 315 140 110 35 -40C50 -45 80 -70 95 -85C205 70 220 300 220 470L220 720L805 720L805 15C805 0 800 -10 780 -10C765 -10 700 -10 635 -10C645 -25 660 -60 660 -80C750 -80 805 -80 835 -65C870 -55 880 -30 880 15L880 790ZM465 700L465 615L290 615L290 555L465 555L465 455L265 455L265 395L755 395L755 455L540 455L540 555L730 555L730 615L540 615L540 700ZM310 310L310 -10L380 -10L380 50L700 50L700 310ZM380 250L630 250L630 110L380 110Z',
};

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const INK = '#1d2a6b';
const SANS = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";
const SERIF = "'Noto Serif CJK SC','Songti SC','SimSun',serif";

/** Each character's slant, size and baseline, so the name reads as written by hand rather than set in type. */
const HAND = [
  { dx: 0, dy: 0, rotate: -5, scale: 1 },
  { dx: 0.98, dy: -0.1, rotate: 4, scale: 0.84 },
  { dx: 0.92, dy: 0.05, rotate: -9, scale: 1.1 },
];

/** A name written by hand: the glyphs slanted and uneven, joined by a pen stroke, with a flourish underneath. */
function signatureStrokes(name: string, x: number, y: number, size: number): string {
  const chars = [...name].filter((c) => GLYPHS[c]);
  const k = size / 1000;
  let cursor = x;
  const parts = chars.map((c, i) => {
    const h = HAND[i % HAND.length];
    cursor += i === 0 ? 0 : h.dx * size;
    const cy = y + h.dy * size;
    const s = k * h.scale;
    return `<path transform="translate(${cursor.toFixed(1)} ${cy.toFixed(1)}) rotate(${h.rotate}) skewX(-22) scale(${s.toFixed(4)} ${(-s).toFixed(4)})" d="${GLYPHS[c]}" stroke-width="6"/>`;
  });
  const end = cursor + size * 0.95;
  const flourish = `<path fill="none" stroke-width="${(size * 0.035).toFixed(1)}" stroke-linecap="round" d="M${(x + size * 0.1).toFixed(1)} ${(y + size * 0.16).toFixed(1)} C ${(x + size * 0.9).toFixed(1)} ${(y + size * 0.3).toFixed(1)}, ${(end - size * 0.6).toFixed(1)} ${(y + size * 0.02).toFixed(1)}, ${end.toFixed(1)} ${(y - size * 0.12).toFixed(1)} Q ${(end + size * 0.12).toFixed(1)} ${(y - size * 0.2).toFixed(1)}, ${(end - size * 0.05).toFixed(1)} ${(y + size * 0.08).toFixed(1)}"/>`;
  return `<g fill="${INK}" stroke="${INK}" stroke-linejoin="round">${parts.join('')}${flourish}</g>`;
}

/** A doctor's signature on a transparent background (recipe.signature_url, the prescription's signature line). */
export function signatureSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="150" viewBox="0 0 360 150">${signatureStrokes(name, 40, 112, 88)}</svg>`;
}

/** A round red hospital seal with its name along the rim and a star in the middle. */
function seal(cx: number, cy: number, r: number, text: string, id: string, caption: string): string {
  const chars = [...text];
  const span = 250;
  const start = -90 - span / 2;
  const letters = chars
    .map((c, i) => {
      const a = start + (span * (i + 0.5)) / chars.length;
      const rad = (a * Math.PI) / 180;
      const tx = cx + (r - 20) * Math.cos(rad);
      const ty = cy + (r - 20) * Math.sin(rad);
      return `<text x="${tx.toFixed(1)}" y="${ty.toFixed(1)}" transform="rotate(${(a + 90).toFixed(1)} ${tx.toFixed(1)} ${ty.toFixed(1)})" font-size="${(r * 0.2).toFixed(0)}" text-anchor="middle" dominant-baseline="central">${esc(c)}</text>`;
    })
    .join('');
  const star = Array.from({ length: 10 }, (_, i) => {
    const rr = i % 2 === 0 ? r * 0.28 : r * 0.11;
    const a = ((-90 + i * 36) * Math.PI) / 180;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return `<g id="${id}" fill="#d6283a" stroke="#d6283a" opacity="0.82" font-family="${SERIF}" font-weight="700"><circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke-width="${(r * 0.06).toFixed(1)}"/>${letters}<polygon points="${star}" stroke="none"/><text x="${cx}" y="${(cy + r * 0.55).toFixed(1)}" font-size="${(r * 0.16).toFixed(0)}" text-anchor="middle" stroke="none">${esc(caption)}</text></g>`;
}

/** A sheet photographed on a desk: the wood, a shadow, the page turned a little, its content on top. */
function photo(w: number, h: number, angle: number, page: { w: number; h: number; fill: string; body: string }) {
  const px = (w - page.w) / 2;
  const py = (h - page.h) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b08a62"/><stop offset="0.5" stop-color="#9c7651"/><stop offset="1" stop-color="#86633f"/></linearGradient><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#desk)"/>${Array.from({ length: 9 }, (_, i) => `<path d="M0 ${40 + i * 118} C ${w * 0.3} ${20 + i * 118}, ${w * 0.6} ${70 + i * 118}, ${w} ${35 + i * 118}" stroke="#7a5634" stroke-opacity="0.25" stroke-width="3" fill="none"/>`).join('')}<g transform="rotate(${angle} ${w / 2} ${h / 2})"><rect x="${px + 10}" y="${py + 14}" width="${page.w}" height="${page.h}" fill="#000" opacity="0.28"/><g transform="translate(${px} ${py})"><rect width="${page.w}" height="${page.h}" fill="${page.fill}"/>${page.body}<rect width="${page.w}" height="${page.h}" fill="url(#light)"/></g></g></svg>`;
}

const t = (x: number, y: number, size: number, text: string, extra = '') =>
  `<text x="${x}" y="${y}" font-size="${size}"${extra}>${esc(text)}</text>`;

/** The offline hospital whose paper prescription and record a patient photographs for a renewal. */
const OFFLINE = '上海市浦东新区公利医院';

/** A paper prescription (处方笺) of the demo doctor's hospital, printed, signed and sealed. */
function prescriptionPage(
  hospital: string,
  no: string,
  patient: { name: string; gender: string; age: string; date: string; diagnosis: string },
  lines: [string, string, string][],
  doctor: string,
): string {
  const w = 760;
  const rows = lines
    .map(([drug, qty, usage], i) => {
      const y = 520 + i * 112;
      return `${t(110, y, 27, drug, ' font-weight="600"')}${t(600, y, 27, qty, ' text-anchor="end"')}${t(130, y + 44, 24, usage, ' fill="#333"')}`;
    })
    .join('');
  const body = `<g font-family="${SANS}" fill="#1f1f1f">${t(w / 2, 82, 38, hospital, ` text-anchor="middle" font-weight="700" font-family="${SERIF}"`)}${t(w / 2, 132, 32, '处  方  笺', ` text-anchor="middle" letter-spacing="6" font-family="${SERIF}"`)}<rect x="610" y="40" width="100" height="44" fill="none" stroke="#1f1f1f" stroke-width="2"/>${t(660, 71, 24, '普通', ' text-anchor="middle"')}${t(50, 190, 22, `处方编号：${no}`)}${t(470, 190, 22, `日期：${patient.date}`)}<line x1="40" y1="208" x2="${w - 40}" y2="208" stroke="#1f1f1f" stroke-width="2"/>${t(50, 250, 24, `姓名：${patient.name}`)}${t(330, 250, 24, `性别：${patient.gender}`)}${t(520, 250, 24, `年龄：${patient.age}`)}${t(50, 296, 24, '科别：全科医学科')}${t(330, 296, 24, '费别：自费')}${t(50, 342, 24, `临床诊断：${patient.diagnosis}`)}<line x1="40" y1="368" x2="${w - 40}" y2="368" stroke="#1f1f1f" stroke-width="2"/>${t(50, 440, 56, 'Rp', ` font-family="${SERIF}" font-style="italic" font-weight="700"`)}${rows}<line x1="40" y1="900" x2="${w - 40}" y2="900" stroke="#1f1f1f" stroke-width="2"/>${t(50, 948, 24, '医师：')}${t(400, 948, 24, '审核药师：')}${t(50, 996, 24, '调配：')}${t(400, 996, 24, '核对/发药：')}${t(50, 1046, 20, '注：本处方当日有效，特殊情况需延长有效期的，由开具处方的医师注明，最长不超过 3 天。', ' fill="#555"')}</g>${signatureStrokes(doctor, 130, 960, 44)}${seal(590, 850, 88, hospital, `seal-${no}`, '处方专用章')}`;
  return photo(900, 1260, -2.2, { w, h: 1090, fill: '#fbfaf5', body });
}

/** An outpatient record page (门诊病历) with the complaint, history, examination, diagnosis and plan. */
function medicalRecordPage(): string {
  const w = 760;
  const para = (y: number, label: string, lines: string[]) =>
    `${t(50, y, 25, label, ' font-weight="700"')}${lines.map((l, i) => t(50, y + 40 + i * 36, 23, l)).join('')}`;
  const body = `<g font-family="${SANS}" fill="#1f1f1f">${t(w / 2, 80, 36, OFFLINE, ` text-anchor="middle" font-weight="700" font-family="${SERIF}"`)}${t(w / 2, 128, 30, '门 诊 病 历', ` text-anchor="middle" letter-spacing="4" font-family="${SERIF}"`)}${t(50, 184, 22, '姓名：李建军　性别：男　年龄：64岁　门诊号：MZ2026110700318')}${t(50, 220, 22, '就诊科室：全科医学科　就诊日期：2026-11-07 09:42')}<line x1="40" y1="240" x2="${w - 40}" y2="240" stroke="#1f1f1f" stroke-width="2"/>${para(290, '主诉：', ['头晕、血压控制不佳 2 周。'])}${para(400, '现病史：', ['患者高血压病史 8 年，规律服用苯磺酸氨氯地平片 5mg qd，', '近 2 周家庭自测血压 150-160/90-95mmHg，伴晨起头晕，', '无胸闷胸痛，无肢体麻木。'])}${para(580, '既往史：', ['2 型糖尿病 5 年，服用二甲双胍缓释片；否认冠心病史。'])}${para(690, '过敏史：', ['否认药物及食物过敏史。'])}${para(800, '查体：', ['BP 156/94mmHg，HR 78 次/分，', '心肺听诊未见明显异常，双下肢无水肿。'])}${para(946, '诊断：', ['1. 高血压病 2 级（高危）　2. 2 型糖尿病'])}${para(1050, '处理：', ['1. 苯磺酸氨氯地平片 5mg qd 口服，加用厄贝沙坦片 150mg qd；', '2. 低盐低脂饮食，监测血压、血糖，2 周后复诊。'])}${t(430, 1170, 24, '医师签名：')}</g>${signatureStrokes('陈国平', 560, 1182, 46)}`;
  return photo(900, 1400, 1.6, { w, h: 1230, fill: '#fdfcf7', body });
}

/** What a medicine box shows: the catalogue product (demo-catalogue.ts). */
export interface BoxProduct {
  id: number;
  name: string;
  spec: string;
  manufacturer: string;
  approval_no: string;
  type: string;
}

const BOX_COLORS = ['#0b6bb5', '#0a8a5f', '#b3261e', '#6a3fb5', '#c15c00', '#00838f'];

/**
 * A medicine box on the desk, photographed by the patient: the front (brand band, name, spec, Rx mark, approval number)
 * or the side panel (batch, dates, storage, a barcode).
 */
function medicineBoxPhoto(p: BoxProduct, side: 'front' | 'back'): string {
  const w = 900;
  const h = 700;
  const color = BOX_COLORS[p.id % BOX_COLORS.length];
  const rx = p.type === 'RX';
  const size = Math.min(46, Math.floor(520 / Math.max(6, [...p.name].length)));
  const batch = `${String(240000 + ((p.id * 7919) % 99999)).slice(0, 6)}${String.fromCharCode(65 + (p.id % 26))}`;
  const face =
    side === 'front'
      ? `<text x="160" y="246" font-size="26" fill="#fff" font-weight="700">${esc(p.manufacturer.replace(/(股份)?有限(责任)?公司$/, ''))}</text>${rx ? '<text x="660" y="248" font-size="30" fill="#fff" font-weight="700" text-anchor="end">Rx</text>' : ''}<text x="160" y="334" font-size="${size}" fill="#0d2b4c" font-weight="700">${esc(p.name)}</text><text x="160" y="400" font-size="30" fill="#0d2b4c">${esc(p.spec.replaceAll('*', '×'))}</text>${rx ? '<rect x="560" y="392" width="110" height="44" rx="6" fill="#d6283a"/><text x="615" y="422" font-size="24" fill="#fff" text-anchor="middle" font-weight="700">处方药</text>' : ''}<text x="160" y="508" font-size="20" fill="#fff">${esc(p.approval_no)}</text>`
      : `<text x="160" y="246" font-size="26" fill="#fff" font-weight="700">${esc(p.name)}</text><g font-size="22" fill="#263238"><text x="160" y="300">【规格】${esc(p.spec)}</text><text x="160" y="336">【生产批号】${batch}</text><text x="160" y="372">【生产日期】2026.03.${String(1 + (p.id % 28)).padStart(2, '0')}</text><text x="160" y="408">【有效期至】2028.02.${String(1 + (p.id % 28)).padStart(2, '0')}</text><text x="160" y="444">【贮藏】密封，在阴凉干燥处保存</text></g>${Array.from({ length: 28 }, (_, i) => `<rect x="${500 + i * 6}" y="300" width="${1 + ((p.id + i * 7) % 3)}" height="90" fill="#111"/>`).join('')}<text x="160" y="508" font-size="20" fill="#fff">${esc(p.manufacturer)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="desk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9d4cc"/><stop offset="1" stop-color="#b9b2a6"/></linearGradient><linearGradient id="front" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef1f5"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#desk)"/><ellipse cx="460" cy="580" rx="360" ry="40" fill="#000" opacity="0.18"/><g transform="rotate(${side === 'front' ? -5 : 4} 450 350)"><polygon points="130,200 690,200 760,150 200,150" fill="#dfe6ee"/><polygon points="690,200 760,150 760,470 690,530" fill="#c5cfdb"/><rect x="130" y="200" width="560" height="330" fill="url(#front)" stroke="#b8c2cf"/><rect x="130" y="200" width="560" height="70" fill="${color}"/><rect x="130" y="470" width="560" height="60" fill="${color}"/><g font-family="${SANS}">${face}</g></g></svg>`;
}

/** The demo doctors' signatures (doctor.signature_url) by name. */
export const demoSignatureUrls: Record<string, string> = {
  张明远: '/demo/clinical/signature-zhang-mingyuan.svg',
  李文博: '/demo/clinical/signature-li-wenbo.svg',
};

/** The photos patients uploaded with their requests (consultation_request.images, recipe.images). */
export const demoRequestPhotoUrls = {
  /** 李建军's paper prescription from his hospital. */
  prescription: '/demo/clinical/rx-paper-1.svg',
  /** 李建军's outpatient record. */
  record: '/demo/clinical/medical-record-1.svg',
} as const;

/** The front and the side of a catalogue medicine's box, as a patient photographs the medicine to renew. */
export const demoBoxPhotoUrl = (productId: number, side: 'front' | 'back' = 'front') =>
  `/demo/clinical/box-${productId}${side === 'back' ? '-back' : ''}.svg`;

/** Every clinical demo image by its URL: signatures, 李建军's documents, the boxes of the catalogue's medicines. */
export function clinicalDemoImages(products: readonly BoxProduct[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, url] of Object.entries(demoSignatureUrls)) out.set(url, signatureSvg(name));
  out.set(
    demoRequestPhotoUrls.prescription,
    prescriptionPage(
      OFFLINE,
      'CF202611070318',
      { name: '李建军', gender: '男', age: '64岁', date: '2026-11-07', diagnosis: '高血压病 2 级；2 型糖尿病' },
      [
        ['苯磺酸氨氯地平片 5mg×28片', '×1盒', '用法：每次 5mg，每日 1 次，口服'],
        ['厄贝沙坦片 150mg×7片', '×4盒', '用法：每次 150mg，每日 1 次，口服'],
        ['盐酸二甲双胍缓释片 0.5g×30片', '×2盒', '用法：每次 0.5g，每日 2 次，随餐口服'],
      ],
      '陈国平',
    ),
  );
  out.set(demoRequestPhotoUrls.record, medicalRecordPage());
  for (const p of products) {
    if (p.type !== 'RX' && p.type !== 'OTC') continue;
    out.set(demoBoxPhotoUrl(p.id), medicineBoxPhoto(p, 'front'));
    out.set(demoBoxPhotoUrl(p.id, 'back'), medicineBoxPhoto(p, 'back'));
  }
  return out;
}
