import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modules } from './index';

describe('server modules', () => {
  it('registers every module folder, and lists no module without one', () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(Object.keys(modules).sort()).toEqual(folders);
  });
});
