import { describe, expect, it } from 'vitest';
import {
  centsToYuan,
  demoCertificateSvg,
  demoPharmacyLogoSvg,
  demoProductSvg,
  drugLicenceNo,
  ean13CheckDigit,
  generateDemoCatalogue,
  isValidEan13,
  isValidUscc,
  largeProductBatches,
  largeQuoteBatches,
  organizationCodeCheck,
  pharmacyBrand,
  usccCheck,
} from './demo-catalogue';

const catalogue = generateDemoCatalogue();
const { categories, products, pharmacies, quotes, content } = catalogue;

describe('demo catalogue', () => {
  it('has at least 400 medicines covering all four types', () => {
    expect(products.length).toBeGreaterThanOrEqual(400);
    const byType: Record<string, number> = {};
    for (const p of products) byType[p.type] = (byType[p.type] ?? 0) + 1;
    for (const type of ['RX', 'OTC', 'HERBAL', 'NON_DRUG']) expect(byType[type]).toBeGreaterThanOrEqual(40);
    console.log(
      `demo catalogue: ${products.length} products (${JSON.stringify(byType)}), ${categories.length} categories, ${quotes.length} quotes`,
    );
  });

  it('uses plausible Chinese names, including the usual suspects', () => {
    const names = new Set(products.map((p) => p.name));
    for (const n of [
      '布洛芬缓释胶囊',
      '阿莫西林胶囊',
      '头孢克肟分散片',
      '连花清瘟胶囊',
      '板蓝根颗粒',
      '当归(饮片)',
      '医用外科口罩',
    ]) {
      expect(names).toContain(n);
    }
    expect([...names].some((n) => n.startsWith('血糖试纸'))).toBe(true);
    for (const p of products) {
      expect(p.name).toMatch(/[\u4e00-\u9fa5]/);
      expect(p.generic_name.length).toBeGreaterThan(0);
      expect(p.spec.length).toBeGreaterThan(0);
      expect(p.manufacturer).toMatch(/(公司|厂)$/);
      expect(Object.values(p.instructions).every((t) => t.length > 0)).toBe(true);
    }
  });

  it('gives drugs 国药准字 numbers by kind, herbal pieces none, non-drugs a device or disinfectant registration or none', () => {
    for (const p of products) {
      if (p.type === 'RX' || p.type === 'OTC') expect(p.approval_no).toMatch(/^国药准字[HZSJ]\d{8}$/);
      if (p.type === 'HERBAL') expect(p.approval_no).toBe('');
      if (p.type === 'NON_DRUG') {
        expect(p.approval_no).toMatch(
          /^$|^[国京沪粤苏浙鲁川鄂]械注准\d{11}$|^[京沪粤苏浙鲁川鄂]械备\d{8}号$|^卫消证字\(\d{4}\)第\d{4}号$/,
        );
      }
    }
    const chinese = products.filter((p) => p.approval_no.startsWith('国药准字Z'));
    expect(chinese.length).toBeGreaterThan(30);
    expect(products.some((p) => p.approval_no.startsWith('国药准字S'))).toBe(true);
  });

  it('keeps approval number + spec and barcodes unique, barcodes valid EAN-13 starting 69', () => {
    const pairs = new Set<string>();
    const barcodes = new Set<string>();
    for (const p of products) {
      expect(isValidEan13(p.barcode)).toBe(true);
      expect(p.barcode.startsWith('69')).toBe(true);
      barcodes.add(p.barcode);
      if (p.approval_no) pairs.add(`${p.approval_no}|${p.spec}`);
    }
    expect(barcodes.size).toBe(products.length);
    expect(pairs.size).toBe(products.filter((p) => p.approval_no).length);
  });

  it('computes EAN-13 check digits as GS1 does', () => {
    expect(ean13CheckDigit('690123456789')).toBe(2);
    expect(isValidEan13('6901234567892')).toBe(true);
    expect(isValidEan13('6901234567893')).toBe(false);
    expect(isValidEan13('4006381333931')).toBe(true);
  });

  it('builds a two-level category tree every product hangs off a leaf of', () => {
    const top = categories.filter((c) => c.parent_id === null).map((c) => c.name);
    expect(top).toEqual(
      expect.arrayContaining(['感冒发烧', '消化系统', '心脑血管', '抗感染', '维生素矿物质', '中药饮片', '医疗器械']),
    );
    const ids = new Map(categories.map((c) => [c.id, c]));
    for (const c of categories) if (c.parent_id !== null) expect(ids.get(c.parent_id)?.parent_id).toBeNull();
    for (const p of products) expect(ids.get(p.category_id)?.parent_id).not.toBeNull();
  });

  it('has six pharmacies in six cities with licences', () => {
    expect(pharmacies).toHaveLength(6);
    expect(new Set(pharmacies.map((p) => p.city)).size).toBe(6);
    for (const p of pharmacies) {
      expect(isValidUscc(p.business_licence_no)).toBe(true);
      expect(p.business_licence_no).toMatch(/^91\d{6}/);
      // a chain store's licence: province, CB, the city's area code, a serial
      expect(p.drug_licence_no).toMatch(/^[\u4e00-\u9fa5]CB\d{7}$/);
      expect(p.drug_licence_no.slice(3, 6)).toBe(p.phone.split('-')[0].replace(/^0(\d{3})$/, '$1'));
      expect(p.drug_licence_expire_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.phone).toMatch(/^0\d{2,3}-\d{8}$/);
      expect(p.aptitude.map((a) => a.title)).toContain('药品经营许可证');
    }
    const soon = pharmacies.filter((p) => p.drug_licence_expire_at < '2027-05-01');
    expect(soon).toHaveLength(1);
  });

  it('computes both check characters of a unified social credit code (GB 11714 inside GB 32100)', () => {
    // a published code: 深圳市腾讯计算机系统有限公司
    expect(organizationCodeCheck('70846113')).toBe('6');
    expect(usccCheck('91440300708461136')).toBe('T');
    expect(isValidUscc('91440300708461136T')).toBe(true);
    expect(isValidUscc('91440300708461137T')).toBe(false);
    expect(isValidUscc('91440300708461136U')).toBe(false);
    // the placeholders the seed used to carry
    for (const fake of ['91310115MA1K3XXX01', '91330106MA2H7XXX02', '91110105MA0XXX03'])
      expect(isValidUscc(fake)).toBe(false);
    for (const seed of [1, 2, 3, 42, 20_261_122]) {
      for (const p of generateDemoCatalogue({ seed }).pharmacies) expect(isValidUscc(p.business_licence_no)).toBe(true);
    }
  });

  it('numbers drug licences and filings as the regulators do, with no placeholder digits', () => {
    expect(drugLicenceNo('粤', '0755', 123)).toBe('粤CB7550123');
    expect(drugLicenceNo('沪', '021', 35)).toBe('沪CB0210035');
    for (const p of pharmacies) {
      const filing = p.aptitude.find((a) => a.kind === 'device_filing');
      expect(filing?.number).toMatch(/^[\u4e00-\u9fa5]{2}药监械经营备20(19|2[0-4])\d{4}号$/);
      for (const a of p.aptitude) expect(a.number).not.toMatch(/X{2,}|GSP/);
    }
  });

  it('gives every pharmacy a logo of its brand under /demo', () => {
    for (const p of pharmacies) expect(p.logo_url).toBe(`/demo/aptitude/${p.key}-logo.svg`);
    expect(pharmacyBrand('仁心大药房(上海浦东店)')).toBe('仁心');
    expect(pharmacyBrand('百草堂大药房(广州天河店)')).toBe('百草堂');
    expect(pharmacyBrand('康宁药房(北京朝阳店)')).toBe('康宁');
    const logo = demoPharmacyLogoSvg('仁心大药房(上海浦东店)');
    expect(logo).toMatch(/^<svg [^>]*width="240" height="240"/);
    expect(logo).toContain('>仁心</text>');
    expect(demoPharmacyLogoSvg('仁心大药房(杭州西湖店)')).toBe(logo);
    expect(demoPharmacyLogoSvg('<b>药房')).toContain('&#60;b&#62;');
  });

  it('quotes prices as two-place decimal strings with sensible originals and stock', () => {
    expect(quotes.length).toBeGreaterThan(products.length * 3);
    const seen = new Set<string>();
    for (const q of quotes) {
      expect(q.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number(q.price)).toBeGreaterThanOrEqual(1);
      if (q.original_price !== null) expect(Number(q.original_price)).toBeGreaterThan(Number(q.price));
      expect(q.stock).toBeGreaterThanOrEqual(0);
      const key = `${q.pharmacy_key}|${q.product_id}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    expect(centsToYuan(1205)).toBe('12.05');
    expect(centsToYuan(7)).toBe('0.07');
  });

  it('quotes for extra pharmacies when asked', () => {
    const withExtra = generateDemoCatalogue({ extraPharmacyKeys: ['shanghai'] });
    expect(withExtra.quotes.some((q) => q.pharmacy_key === 'shanghai')).toBe(true);
  });

  it('fills every home content collection with Chinese text', () => {
    const ids = new Set(products.map((p) => p.id));
    expect(content.top_sales).toHaveLength(10);
    for (const t of content.top_sales) expect(ids.has(t.product_id)).toBe(true);
    for (const [name, rows] of Object.entries(content)) {
      expect(rows.length, name).toBeGreaterThan(0);
      for (const row of rows) expect(row.status).toBe('published');
    }
    const categoryIds = new Set(content.entry1_category.map((c) => c.id));
    for (const e of content.entry_1) expect(categoryIds.has(e.category_id)).toBe(true);
    expect(content.express_company.map((e) => e.code)).toContain('SF');
  });

  it('is deterministic: the same seed gives the same catalogue, another seed another one', () => {
    expect(generateDemoCatalogue()).toEqual(catalogue);
    const other = generateDemoCatalogue({ seed: 1 });
    expect(other.quotes).not.toEqual(catalogue.quotes);
  });

  it('draws placeholder images with the text escaped', () => {
    const svg = demoProductSvg({ id: 1, name: 'A<b>&', spec: '1', manufacturer: 'x' });
    expect(svg).toContain('A&#60;b&#62;&#38;');
    expect(demoCertificateSvg('店', pharmacies[0].aptitude[0])).toContain('药品经营许可证');
  });
});

describe('large data generators', () => {
  it('streams 100,000 products in batches with unique valid codes', async () => {
    let count = 0;
    let batches = 0;
    const barcodes = new Set<string>();
    const approvals = new Set<string>();
    const types = new Set<string>();
    let idsInOrder = true;
    let maxBatch = 0;
    for await (const batch of largeProductBatches({ batchSize: 5000 })) {
      batches += 1;
      maxBatch = Math.max(maxBatch, batch.length);
      for (const p of batch) {
        count += 1;
        if (p.id !== count) idsInOrder = false;
        barcodes.add(p.barcode);
        if (p.approval_no) approvals.add(p.approval_no);
        types.add(p.type);
      }
    }
    expect(count).toBe(100_000);
    expect(idsInOrder).toBe(true);
    expect(maxBatch).toBe(5000);
    expect(batches).toBe(20);
    expect(barcodes.size).toBe(100_000);
    expect(isValidEan13([...barcodes][12345])).toBe(true);
    expect(approvals.size).toBeGreaterThan(80_000);
    expect(types).toEqual(new Set(['RX', 'OTC', 'HERBAL', 'NON_DRUG']));
  }, 120_000);

  it('streams 1,000,000 quotes, each product quoted by distinct pharmacies', async () => {
    const pharmacyIds = Array.from({ length: 200 }, (_, i) => i + 1);
    let count = 0;
    let maxBatch = 0;
    const firstProductPharmacies = new Set<number>();
    for await (const batch of largeQuoteBatches({ productIds: { first: 1, count: 100_000 }, pharmacyIds })) {
      maxBatch = Math.max(maxBatch, batch.length);
      for (const q of batch) {
        count += 1;
        if (q.product_id === 1) firstProductPharmacies.add(q.pharmacy_id);
      }
      if (count === batch.length) {
        expect(batch[0].price).toMatch(/^\d+\.\d{2}$/);
      }
    }
    expect(count).toBe(1_000_000);
    expect(maxBatch).toBe(10_000);
    expect(firstProductPharmacies.size).toBe(10);
  }, 120_000);

  it('refuses more quotes per product than there are pharmacies', async () => {
    const gen = largeQuoteBatches({ productIds: { first: 1, count: 10 }, pharmacyIds: [1, 2], count: 100 });
    await expect(gen.next()).rejects.toThrow(/pharmacies/);
  });

  it('is deterministic', async () => {
    const first = async () => (await largeProductBatches({ count: 50, batchSize: 50 }).next()).value;
    expect(await first()).toEqual(await first());
  });
});
