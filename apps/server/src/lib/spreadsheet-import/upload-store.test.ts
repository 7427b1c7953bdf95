import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../storage';
import { IMPORT_UPLOAD_TTL_MS, type StoredUploadBase, UploadStore } from './upload-store';

let dir: string;
let clock: number;
let storage: LocalFileStorage;
let store: UploadStore<Meta>;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'upload-store-test-'));
  clock = Date.now();
  storage = new LocalFileStorage(path.join(dir, 'uploads'));
  store = new UploadStore<Meta>(storage, path.join(dir, 'tmp'), { now: () => clock });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Meta = StoredUploadBase & { mode: string; report: { total: number } };

const meta = (id: string, createdAt = new Date(clock)): Meta => ({
  upload_id: id,
  account_id: 7,
  mode: 'create',
  format: 'csv',
  file_name: '药品.csv',
  created_at: createdAt.toISOString(),
  report: { total: 0 },
});

async function kept(content = '名称\n布洛芬\n') {
  const scratch = await store.scratch();
  writeFileSync(scratch.path, content);
  const id = store.newId();
  await store.keep(meta(id), scratch.path);
  await scratch.dispose();
  return id;
}

describe('import uploads in the file storage', () => {
  it('keeps the file and its meta where another store on the same storage finds them', async () => {
    const id = await kept();
    const other = new UploadStore(new LocalFileStorage(path.join(dir, 'uploads')), path.join(dir, 'tmp-b'));
    expect((await other.load(id))?.file_name).toBe('药品.csv');
    const read = await other.withSource(id, (file) => readFile(file, 'utf8'));
    expect(read?.value).toBe('名称\n布洛芬\n');
    // the scratch copy is gone once read
    expect(readdirSync(path.join(dir, 'tmp-b'))).toEqual([]);
    expect(await other.load('not-an-id')).toBeNull();
    expect(await other.withSource('00000000-0000-4000-8000-000000000000', async () => 1)).toBeNull();
  });

  it('an expired upload reads as missing and is removed when read', async () => {
    const id = await kept();
    clock += IMPORT_UPLOAD_TTL_MS - 1000;
    expect(await store.load(id)).not.toBeNull();
    clock += 2000;
    expect(await store.load(id)).toBeNull();
    expect(await storage.get(`imports/${id}/source`)).toBeNull();
    expect(await storage.get(`imports/${id}/meta.json`)).toBeNull();
  });

  it('the sweep removes expired uploads and old scratch copies, and leaves fresh ones', async () => {
    const old = await kept();
    const fresh = await kept();
    const past = new Date(clock - IMPORT_UPLOAD_TTL_MS - 60_000);
    // files and their folder as they are a day later (the folder's time is that of its last file)
    for (const name of ['source', 'meta.json', ''])
      utimesSync(path.join(dir, 'uploads/imports', old, name), past, past);
    const crashed = await store.scratch();
    writeFileSync(crashed.path, 'left by a crash');
    utimesSync(path.dirname(crashed.path), past, past);
    const working = await store.scratch();

    expect(await store.sweep()).toBe(2);
    expect(existsSync(path.join(dir, 'uploads/imports', old))).toBe(false);
    expect(await store.load(fresh)).not.toBeNull();
    expect(existsSync(path.dirname(crashed.path))).toBe(false);
    expect(existsSync(path.dirname(working.path))).toBe(true);
  });

  it('keeps each import under its own prefix: another prefix neither reads nor sweeps it', async () => {
    const id = await kept();
    const quotes = new UploadStore<Meta>(storage, path.join(dir, 'tmp-q'), {
      now: () => clock,
      prefix: 'quote-imports/',
    });
    expect(await quotes.load(id)).toBeNull();
    expect(await quotes.withSource(id, async () => 1)).toBeNull();
    const scratch = await quotes.scratch();
    writeFileSync(scratch.path, '批准文号\n');
    const own = quotes.newId();
    await quotes.keep(meta(own), scratch.path);
    await scratch.dispose();
    expect(existsSync(path.join(dir, 'uploads/quote-imports', own, 'meta.json'))).toBe(true);
    expect(await store.load(own)).toBeNull();
    clock += IMPORT_UPLOAD_TTL_MS + 60_000;
    for (const name of ['source', 'meta.json', '']) {
      const past = new Date(clock - IMPORT_UPLOAD_TTL_MS - 60_000);
      utimesSync(path.join(dir, 'uploads/imports', id, name), past, past);
    }
    // the quote store's sweep leaves the medicine upload alone, though it has expired
    await quotes.sweep();
    expect(existsSync(path.join(dir, 'uploads/imports', id))).toBe(true);
  });
});
