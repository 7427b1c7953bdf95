import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, processAlive } from './client';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A process that has exited but is not reaped: `sleep 1` runs in the background of a shell that then becomes `sleep`,
 * which never waits for it. `use` gets its pid once it has exited; the sleeper is killed afterwards.
 */
async function withZombie(use: (pid: number) => void) {
  const sleeper = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 6'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const pid = await new Promise<number>((resolve) =>
      sleeper.stdout.once('data', (d) => resolve(Number.parseInt(String(d), 10))),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    use(pid);
  } finally {
    sleeper.kill('SIGKILL');
  }
}

describe('the embedded database directory lock', () => {
  it('refuses a directory a running process holds, and frees it on release', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`is in use by process ${process.ppid}`);
    writeFileSync(`${dir}.lock`, String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over the lock of a killed server that is left a zombie (exited, never reaped)', async () => {
    const dir = dataDir();
    await withZombie((pid) => {
      expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
      expect(processAlive(pid)).toBe(false);
      writeFileSync(`${dir}.lock`, String(pid));
      lockDataDir(dir)();
    });
  });
});
