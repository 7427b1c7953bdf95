import { describe, expect, it } from 'vitest';
import { stripContractSchemas } from '../../build/contracts-without-schemas';

describe('contracts without schemas in the web build', () => {
  it('blanks params, query, body, response and the docs summary of every entry, and keeps what the client reads', () => {
    const source = `import { z } from 'zod';
export const c = defineContracts('message', {
  list: { method: 'GET', path: '/message/list', access: { signedIn: true }, summary: 's', query: listQuery, response: z.object({ a: z.string() }) },
  remove: { method: 'DELETE', path: '/message/:id', access: { signedIn: true }, summary: 's', params: idParamSchema, body: z.null(), kind: 'empty' },
});`;
    const out = stripContractSchemas(source) ?? '';
    expect(out).not.toMatch(/listQuery|idParamSchema|z\.object|z\.null/);
    expect(out).toContain("method: 'GET', path: '/message/list', access: { signedIn: true }");
    expect(out).toContain("kind: 'empty'");
    expect(out).not.toContain("summary: 's'");
    expect(out.match(/void 0/g)).toHaveLength(6);
  });

  it('keeps the key of a shorthand property (a shared description)', () => {
    const source = `const description = 'd';
export const c = defineContracts('x', { a: { method: 'GET', path: '/a', access: { signedIn: true }, description, query } });`;
    const out = stripContractSchemas(source) ?? '';
    expect(out).toContain("path: '/a', access: { signedIn: true }, description: void 0, query: void 0 }");
  });

  it('leaves a file without contracts alone', () => {
    expect(stripContractSchemas('export const x = z.string();')).toBeNull();
  });
});
