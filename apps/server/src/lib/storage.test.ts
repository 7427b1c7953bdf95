import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from './storage';

let root: string;
let storage: LocalFileStorage;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
  storage = new LocalFileStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const text = async (key: string) => {
  const got = await storage.get(key);
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const c of got.stream) chunks.push(c as Buffer);
  return { size: got.size, text: Buffer.concat(chunks).toString('utf8') };
};
const age = (key: string, hours: number) => {
  const t = new Date(Date.now() - hours * 3600_000);
  utimesSync(path.join(root, key), t, t);
};

describe('LocalFileStorage', () => {
  it('stores a buffer or a stream under a nested key and reads it back with its size', async () => {
    await storage.put('a1.png', Buffer.from('图片'));
    await storage.put('imports/u1/source', Readable.from([Buffer.from('第一块'), Buffer.from('第二块')]));
    expect(await text('a1.png')).toEqual({ size: 6, text: '图片' });
    expect(await text('imports/u1/source')).toEqual({ size: 18, text: '第一块第二块' });
    await storage.put('imports/u1/source', Buffer.from('replaced'));
    expect((await text('imports/u1/source'))?.text).toBe('replaced');
    // nothing half-written is left beside it
    expect(readdirSync(path.join(root, 'imports/u1'))).toEqual(['source']);
    expect(await storage.get('imports/u2/source')).toBeNull();
  });

  it('refuses keys that could leave its folder or name hidden files', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.hidden', 'a/.part', 'a//b', 'a/', '']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/bad storage key/);
    }
    await expect(storage.sweep('../', new Date())).rejects.toThrow(/bad storage prefix/);
  });

  it('deletes an object and the folders it leaves empty; deleting nothing is fine', async () => {
    await storage.put('imports/u1/source', Buffer.from('x'));
    await storage.put('imports/u1/meta.json', Buffer.from('{}'));
    await storage.delete('imports/u1/source');
    expect(readdirSync(path.join(root, 'imports/u1'))).toEqual(['meta.json']);
    await storage.delete('imports/u1/meta.json');
    expect(readdirSync(root)).toEqual([]);
    await storage.delete('imports/u1/meta.json');
  });

  it('sweeps only objects under the prefix written before the cut-off', async () => {
    await storage.put('old.png', Buffer.from('x'));
    await storage.put('imports/old/source', Buffer.from('x'));
    await storage.put('imports/old/meta.json', Buffer.from('x'));
    await storage.put('imports/new/source', Buffer.from('x'));
    for (const key of ['old.png', 'imports/old/source', 'imports/old/meta.json']) age(key, 25);
    expect(await storage.sweep('imports/', new Date(Date.now() - 24 * 3600_000))).toBe(2);
    expect(await storage.get('imports/old/meta.json')).toBeNull();
    expect(await storage.get('imports/new/source')).not.toBeNull();
    expect(await storage.get('old.png')).not.toBeNull();
    expect(await storage.sweep('nothing-here/', new Date())).toBe(0);
  });
});
