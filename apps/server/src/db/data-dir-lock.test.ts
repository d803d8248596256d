import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../lib/startup-error';
import { lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tokenly-lock-'));
  const lockFile = join(dir, 'tokenly.pid');
  afterEach(() => rmSync(lockFile, { force: true }));

  it('claims the directory with a pid file and releases it', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a directory held by another running process, naming the directory', () => {
    writeFileSync(lockFile, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(StartupError);
    expect(() => lockDataDir(dir)).toThrow(`The data directory ${dir} is in use by another process`);
  });

  it('takes over a lock left by a process that has ended', () => {
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(lockFile, String(ended));
    lockDataDir(dir)();
    expect(existsSync(lockFile)).toBe(false);
  });
});
