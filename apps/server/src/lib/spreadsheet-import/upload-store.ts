import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../storage';
import type { ImportFormat } from './read-rows';

/** What every stored upload's meta.json holds; an import adds its own fields (its report, mode, tenant …). */
export interface StoredUploadBase {
  upload_id: string;
  /** The account that uploaded it: nobody else reads it. */
  account_id: number;
  format: ImportFormat;
  file_name: string;
  created_at: string;
}

/** How long a previewed upload can be applied or its error report downloaded. */
export const IMPORT_UPLOAD_TTL_MS = 24 * 3600_000;
/** A scratch copy older than this was left by a crash (a pass over 50,000 rows takes seconds). */
const SCRATCH_TTL_MS = 3600_000;

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A local copy of an import file (the .xlsx reader needs random access), removed by `dispose`. */
export interface ScratchFile {
  path: string;
  dispose(): Promise<void>;
}

/**
 * Import uploads in the shared file storage, so that a preview on one instance and the apply on another see the same
 * file: `<prefix><upload_id>/source` (the file as uploaded) and `<prefix><upload_id>/meta.json` (who, the import's
 * own fields, the validation report), written last, so an upload with a meta.json is complete. Each import keeps its
 * uploads under its own prefix (`imports/` for medicines, `quote-imports/` for quotes), so one import never reads
 * another's. Uploads expire after `IMPORT_UPLOAD_TTL_MS`: an expired one reads as missing and is removed then, and
 * `sweep` removes them all.
 *
 * Reading a file works on a local scratch copy under `scratchDir` (per instance, never shared).
 */
export class UploadStore<Meta extends StoredUploadBase = StoredUploadBase> {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly prefix: string;

  constructor(
    private readonly storage: FileStorage,
    private readonly scratchDir: string,
    options: { ttlMs?: number; now?: () => number; prefix?: string } = {},
  ) {
    this.ttlMs = options.ttlMs ?? IMPORT_UPLOAD_TTL_MS;
    this.now = options.now ?? Date.now;
    this.prefix = options.prefix ?? 'imports/';
  }

  newId = () => randomUUID();
  isId = (id: string) => idPattern.test(id);
  private sourceKey = (id: string) => `${this.prefix}${id}/source`;
  private metaKey = (id: string) => `${this.prefix}${id}/meta.json`;

  /** An empty scratch file to receive an upload into. */
  async scratch(): Promise<ScratchFile> {
    await mkdir(this.scratchDir, { recursive: true });
    const dir = await mkdtemp(path.join(this.scratchDir, 'import-'));
    return { path: path.join(dir, 'source'), dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  /** Stores a validated upload: the file from its scratch copy, then its meta (which makes it visible). */
  async keep(meta: Meta, sourcePath: string): Promise<void> {
    try {
      await this.storage.put(this.sourceKey(meta.upload_id), createReadStream(sourcePath));
      await this.storage.put(this.metaKey(meta.upload_id), Buffer.from(JSON.stringify(meta)));
    } catch (err) {
      await this.discard(meta.upload_id).catch(() => undefined);
      throw err;
    }
  }

  /** The meta of an upload, or null when there is none or it has expired (an expired one is removed now). */
  async load(id: string): Promise<Meta | null> {
    if (!this.isId(id)) return null;
    const stored = await this.storage.get(this.metaKey(id));
    if (!stored) return null;
    let meta: Meta;
    try {
      meta = JSON.parse(await readAll(stored.stream)) as Meta;
    } catch {
      return null;
    }
    const created = Date.parse(meta.created_at);
    if (!(created + this.ttlMs > this.now())) {
      await this.discard(id);
      return null;
    }
    return meta;
  }

  /**
   * Runs `read` on a scratch copy of the upload's file and removes the copy after; null when the file is gone
   * (swept meanwhile).
   */
  async withSource<T>(id: string, read: (file: string) => Promise<T>): Promise<{ value: T } | null> {
    const stored = this.isId(id) ? await this.storage.get(this.sourceKey(id)) : null;
    if (!stored) return null;
    const copy = await this.scratch();
    try {
      await pipeline(stored.stream, createWriteStream(copy.path));
      return { value: await read(copy.path) };
    } finally {
      await copy.dispose();
    }
  }

  async discard(id: string): Promise<void> {
    if (!this.isId(id)) return;
    await this.storage.delete(this.metaKey(id));
    await this.storage.delete(this.sourceKey(id));
  }

  /** Removes expired uploads from the storage and scratch copies left by a crash; answers how many objects went. */
  async sweep(): Promise<number> {
    const now = this.now();
    const removed = await this.storage.sweep(this.prefix, new Date(now - this.ttlMs));
    let names: string[] = [];
    try {
      names = await readdir(this.scratchDir);
    } catch {
      // no scratch copies yet
    }
    for (const name of names) {
      const dir = path.join(this.scratchDir, name);
      const info = await stat(dir).catch(() => null);
      if (info && info.mtimeMs < now - SCRATCH_TTL_MS) await rm(dir, { recursive: true, force: true });
    }
    return removed;
  }
}
