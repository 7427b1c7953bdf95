import { shanghaiToday } from '@pharmacy/shared';
import { clinicalDemoImages } from '../../db/seed/clinical-images';
import { foundationQualifications } from '../../db/seed/console-settings';
import { demoPharmacies as foundationPharmacies } from '../../db/seed/demo-data';
import { demoCertificateSvg, demoPharmacyLogoSvg, demoProductSvg, generateDemoCatalogue } from './demo-catalogue';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const colors = ['#1677ff', '#13a8a8', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1'];

/** A banner or icon placeholder: the row's title on a coloured card. */
function labelSvg(title: string, i: number, wide: boolean): string {
  const [w, h] = wide ? [1200, 400] : [240, 240];
  const size = wide ? 64 : Math.max(28, Math.floor(180 / Math.max(2, [...title].length)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" rx="${wide ? 0 : 48}" fill="${colors[i % colors.length]}"/><text x="${w / 2}" y="${h / 2 + size / 3}" font-size="${size}" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(title)}</text></svg>`;
}

let cache: Map<string, string> | null = null;

/**
 * Every placeholder image the demo data links to (`/demo/...`), rendered once from the same deterministic generator
 * the seed used: products (two sides), pharmacy logos and qualifications, banners and icons, doctors' signatures and the photos patients send with their requests.
 */
export function demoImages(): Map<string, string> {
  if (cache) return cache;
  const data = generateDemoCatalogue({ today: shanghaiToday() });
  const out = new Map<string, string>();
  for (const p of data.products) {
    for (const [i, url] of p.images.entries()) out.set(url, demoProductSvg(p, i + 1));
  }
  for (const ph of data.pharmacies) {
    for (const a of ph.aptitude) out.set(a.url, demoCertificateSvg(ph.name, a));
    out.set(ph.logo_url, demoPharmacyLogoSvg(ph.name));
  }
  foundationPharmacies.forEach((ph, i) => {
    out.set(ph.logoUrl, demoPharmacyLogoSvg(ph.name));
    // the documents the console seed files for the store (db/seed/console-settings.ts), drawn from the same fields
    for (const q of foundationQualifications(i, shanghaiToday())) out.set(q.url, demoCertificateSvg(ph.name, q));
  });
  const c = data.content;
  for (const [i, r] of c.home_swiper.entries()) out.set(r.image, labelSvg(r.title, i, true));
  for (const [i, r] of c.entry_2.entries()) out.set(r.image, labelSvg(r.title, i + 2, true));
  for (const [i, r] of c.home_entry.entries()) out.set(r.icon, labelSvg(r.title.slice(0, 2), i, false));
  for (const [i, r] of c.entry_1.entries()) out.set(r.icon, labelSvg(r.title.slice(0, 2), i + 3, false));
  // the clinical seed's doctor signatures and the photos patients uploaded (db/seed/clinical.ts)
  for (const [url, svg] of clinicalDemoImages(data.products)) out.set(url, svg);
  cache = out;
  return out;
}
