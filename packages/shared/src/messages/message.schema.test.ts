import { describe, expect, it } from 'vitest';
import { sendMessageBodySchema } from './message.schema';

const body = (link: string) => ({ phone: '13800000003', title: '标题', content: '内容', link });

describe('sendMessageBodySchema link', () => {
  it('keeps a path on the site', () => {
    expect(sendMessageBodySchema.parse(body('/pharmacy/order?page=2')).link).toBe('/pharmacy/order?page=2');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '\\\\evil.example',
    '/..//evil.example',
    'https://evil.example',
  ])('refuses %j as 链接须为站内路径', (link) => {
    const parsed = sendMessageBodySchema.safeParse(body(link));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['link'], message: '链接须为站内路径' });
  });
});
