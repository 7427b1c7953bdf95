import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live: a directory now, an S3-compatible store when the app runs on several machines. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored file, or null when there is none. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
}

/** Files under `<DATA_DIR>/uploads`, keyed by a random name (never a client-given path). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    if (!/^[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer) {
    await mkdir(this.root, { recursive: true });
    await writeFile(this.pathOf(key), data, { flag: 'wx' });
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
}
