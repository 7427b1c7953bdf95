import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportFormat } from './read-rows';
import type { ImportMode, ImportReport } from './validate';

export interface StoredUpload {
  upload_id: string;
  account_id: number;
  mode: ImportMode;
  format: ImportFormat;
  file_name: string;
  created_at: string;
  report: ImportReport;
}

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Uploaded import files, each in `<dir>/<upload_id>/` beside its validation report (meta.json). */
export class UploadStore {
  constructor(private readonly dir: string) {}

  newId = () => randomUUID();
  isId = (id: string) => idPattern.test(id);
  sourcePath = (id: string) => path.join(this.dir, id, 'source');

  async prepare(id: string): Promise<string> {
    await mkdir(path.join(this.dir, id), { recursive: true });
    return this.sourcePath(id);
  }

  async save(meta: StoredUpload): Promise<void> {
    await writeFile(path.join(this.dir, meta.upload_id, 'meta.json'), JSON.stringify(meta));
  }

  async load(id: string): Promise<StoredUpload | null> {
    if (!this.isId(id)) return null;
    try {
      return JSON.parse(await readFile(path.join(this.dir, id, 'meta.json'), 'utf8')) as StoredUpload;
    } catch {
      return null;
    }
  }

  async discard(id: string): Promise<void> {
    if (this.isId(id)) await rm(path.join(this.dir, id), { recursive: true, force: true });
  }
}
