import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live: a directory now, an S3-compatible bucket when the app runs on several machines.
 *
 * Keys are `/`-separated paths of the server's own making (`<random>.png`, `imports/<uuid>/source`), never a
 * client-given name. Every method maps onto one S3 call: put → PutObject (a stream: multipart upload), get →
 * GetObject, delete → DeleteObject, sweep → ListObjectsV2 by prefix filtered on LastModified + DeleteObjects.
 */
export interface FileStorage {
  /** Stores `data` under `key`, replacing what was there; readers see the whole object or none of it. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The stored object, or null when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the object (nothing when there is none). */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix` (ending in `/`) last written before `olderThan`; answers how many. */
  sweep(prefix: string, olderThan: Date): Promise<number>;
}

// segments of letters, digits, `_`, `-` and inner dots: no `..`, no hidden names, no absolute paths
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
const prefixPattern = /^([A-Za-z0-9_-][A-Za-z0-9_.-]*\/)+$/;

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under a directory (`<DATA_DIR>/uploads`); a shared volume serves several instances on one machine or NFS. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    if (!keyPattern.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer | Readable) {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // written beside the target under a hidden name (no key can name it), then renamed: never seen half-written
    const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string) {
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch {
      return null;
    }
  }

  async delete(key: string) {
    const file = this.pathOf(key);
    try {
      await unlink(file);
    } catch (err) {
      if (!missing(err)) throw err;
      return;
    }
    await this.pruneEmpty(path.dirname(file));
  }

  async sweep(prefix: string, olderThan: Date) {
    if (!prefixPattern.test(prefix)) throw new Error(`bad storage prefix ${prefix}`);
    return this.sweepDir(path.join(this.root, prefix), olderThan.getTime());
  }

  private async sweepDir(dir: string, before: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (err) {
      if (missing(err)) return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const info = await stat(file);
        if (info.isDirectory()) {
          removed += await this.sweepDir(file, before);
          // an empty folder goes too (another instance may be filling it right now: then rmdir fails, and that is fine)
          if (info.mtimeMs < before) await rmdir(file).catch(() => undefined);
        } else if (info.mtimeMs < before) {
          await unlink(file);
          if (!name.startsWith('.')) removed += 1;
        }
      } catch (err) {
        if (!missing(err)) throw err; // removed meanwhile by another instance's sweep
      }
    }
    return removed;
  }

  /** Empty folders between a removed file and the root go too, as an object store has no folders. */
  private async pruneEmpty(dir: string) {
    const root = path.resolve(this.root);
    for (let d = path.resolve(dir); d.startsWith(`${root}${path.sep}`); d = path.dirname(d)) {
      try {
        await rmdir(d);
      } catch {
        return; // not empty (or already gone)
      }
    }
  }
}

/** The app's file storage: `<DATA_DIR>/uploads` (one storage for every module; an S3-compatible store later). */
export const createFileStorage = (dataDir: string): FileStorage => new LocalFileStorage(path.join(dataDir, 'uploads'));
