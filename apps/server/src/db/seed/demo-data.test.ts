import { describe, expect, it } from 'vitest';
import { isValidUscc } from '../../modules/catalogue/demo-catalogue';
import { demoMessages, demoPharmacies, messageText, orderMessageOrders } from './demo-data';

const allMessages = Object.values(demoMessages).flat();

describe('foundation seed data', () => {
  it('carries unified social credit codes whose check characters hold', () => {
    for (const p of demoPharmacies) expect(isValidUscc(p.businessLicenceNo), p.businessLicenceNo).toBe(true);
  });

  it('numbers each store as a chain store of its city', () => {
    for (const p of demoPharmacies) {
      expect(p.drugLicenceNo).toMatch(/^[沪浙京]CB\d{7}$/);
      expect(p.drugLicenceNo.slice(3, 6)).toBe(p.phone.split('-')[0].replace(/^0(\d{3})$/, '$1'));
    }
  });

  it('gives every store a logo under /demo', () => {
    for (const p of demoPharmacies) expect(p.logoUrl).toMatch(/^\/demo\/aptitude\/foundation-\d-logo\.svg$/);
  });

  it('names an order in every order message, for the orders seed to fill and link', () => {
    const orders = allMessages.filter((m) => m.kind === 'order');
    expect(orders.length).toBeGreaterThan(5);
    for (const m of orders) {
      expect(m.content, m.title).toContain('{order}');
      expect(orderMessageOrders[m.title], m.title).toBeDefined();
      expect(m.link, m.title).toBeUndefined();
    }
  });

  it('dates order and prescription numbers by the message, in Shanghai time', () => {
    // 2026-03-01 00:30 in Shanghai is still 2026-02-28 in UTC
    const at = new Date('2026-02-28T16:30:00Z');
    expect(messageText('订单 RX{date}0012', at)).toBe('订单 RX202603010012');
    expect(messageText('订单 RX{date:-3}0087', at)).toBe('订单 RX202602260087');
    expect(messageText('{month:-1} 月份对账单', at)).toBe('2 月份对账单');
    expect(messageText('{month:-1} 月份对账单', new Date('2026-01-10T04:00:00Z'))).toBe('12 月份对账单');
    const now = new Date();
    for (const m of allMessages) {
      expect(messageText(m.content, now).replace(/\{(order|count|amount)\}/g, '')).not.toMatch(/[{}]|2024\d{4}/);
    }
  });
});
