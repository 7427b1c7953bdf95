import { messageListQuerySchema, pageQuerySchema } from '@pharmacy/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseListAction, parseListQuery, parseSort, serializeListQuery, sortParam } from './list-query';

const demoSchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(20).optional(),
  category: z.enum(['rx', 'otc']).optional(),
  tags: z.array(z.string()).optional(),
  sort: sortParam(['price', 'stock'], 'stock:desc'),
});

const parse = (search: string) => parseListQuery(demoSchema, new URLSearchParams(search));

describe('list query in the URL', () => {
  it('gives the schema defaults for an empty URL', () => {
    expect(parse('')).toEqual({ page: 1, page_size: 20, sort: 'stock:desc' });
  });

  it('reads page, page size, sort and filters', () => {
    expect(parse('page=3&page_size=50&sort=price:asc&keyword=布洛芬&category=otc')).toEqual({
      page: 3,
      page_size: 50,
      sort: 'price:asc',
      keyword: '布洛芬',
      category: 'otc',
    });
  });

  it('replaces each invalid value by its default and keeps the valid ones', () => {
    expect(parse('page=abc&page_size=20&category=otc')).toEqual({
      page: 1,
      page_size: 20,
      sort: 'stock:desc',
      category: 'otc',
    });
    expect(parse('page=0&page_size=5000&sort=name:asc&category=poison&keyword=ok')).toEqual({
      page: 1,
      page_size: 20,
      sort: 'stock:desc',
      keyword: 'ok',
    });
    expect(parse('page=-2.5&page_size=1e9')).toMatchObject({ page: 1, page_size: 20 });
  });

  it('reads repeated keys as arrays and ignores unknown keys and the dialog keys', () => {
    expect(parse('tags=a&tags=b&unknown=1&action=view&id=3')).toEqual({
      page: 1,
      page_size: 20,
      sort: 'stock:desc',
      tags: ['a', 'b'],
    });
  });

  it('works with the messages schema, whose invalid state falls back to all', () => {
    const q = parseListQuery(messageListQuerySchema, new URLSearchParams('state=bogus&kind=order&page=2'));
    expect(q).toEqual({ page: 2, page_size: 20, state: 'all', kind: 'order' });
  });

  it('reads the open dialog from ?action=<key>&id=<id>', () => {
    expect(parseListAction(new URLSearchParams('action=view&id=42'))).toEqual({ key: 'view', id: '42' });
    expect(parseListAction(new URLSearchParams('action=create'))).toEqual({ key: 'create', id: null });
    expect(parseListAction(new URLSearchParams('id=42'))).toBeNull();
    expect(parseListAction(new URLSearchParams('action=<script>'))).toBeNull();
  });

  it('parses sort values', () => {
    expect(parseSort('price:desc')).toEqual({ field: 'price', order: 'desc' });
    expect(parseSort('price')).toBeNull();
    expect(parseSort(undefined)).toBeNull();
  });

  it('writes only what differs from the defaults, plus the dialog', () => {
    const defaults = parse('');
    const params = serializeListQuery(
      { page: 2, page_size: 20, sort: 'stock:desc', keyword: '', category: 'rx', tags: ['x', 'y'] },
      defaults,
      { key: 'edit', id: '7' },
    );
    expect(params.toString()).toBe('page=2&category=rx&tags=x&tags=y&action=edit&id=7');
    expect(serializeListQuery(defaults, defaults, null).toString()).toBe('');
  });

  it('round-trips: what is written reads back the same', () => {
    const defaults = parse('');
    const query = { page: 4, page_size: 50, sort: 'price:desc', keyword: '感冒', category: 'otc' as const };
    const again = parseListQuery(demoSchema, serializeListQuery(query, defaults, null));
    expect(again).toEqual(query);
  });
});
