/**
 * Which backups are kept (backups/retention.ts): the newest BACKUP_KEEP, and the newest of each
 * of the last BACKUP_KEEP_DAYS UTC days; files that are not backups (a `.partial` being written,
 * anything else in the folder) are never touched. Fake file names and a fixed clock.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  backupFileName,
  backupsToPrune,
  newestBackup,
  partialName,
  pruneBackups,
  takenAt,
} from '../../src/backups/retention.ts';

const at = (iso: string) => Date.parse(iso);
const name = (iso: string, kind: 'sqlite' | 'postgres' = 'sqlite') => backupFileName(at(iso), kind);

describe('backup names', () => {
  it('stamps the UTC start to the second and reads it back', () => {
    expect(name('2027-03-04T05:06:07.890Z')).toBe('app-20270304-050607.db');
    expect(name('2027-03-04T05:06:07Z', 'postgres')).toBe('app-20270304-050607.dump');
    expect(takenAt('app-20270304-050607.dump')).toBe(at('2027-03-04T05:06:07Z'));
  });

  it('takes nothing else for a backup', () => {
    for (const other of [partialName('app-20270304-050607.db'), 'app.db', 'notes.txt', 'app-2027-0304.db'])
      expect(takenAt(other)).toBeNull();
  });
});

describe('which backups are pruned', () => {
  const now = at('2027-03-20T12:00:00Z');

  it('keeps the newest N and the newest of each recent day, hourly backups over three weeks', () => {
    const names: string[] = [];
    for (let h = 0; h < 21 * 24; h++) names.push(backupFileName(now - h * 3600_000, 'sqlite'));
    const doomed = new Set(backupsToPrune(names, now, { keep: 3, keepDays: 7 }));
    const kept = names.filter((n) => !doomed.has(n));
    expect(kept).toEqual([
      // The three newest (two of them today: today's newest is the first).
      'app-20270320-120000.db',
      'app-20270320-110000.db',
      'app-20270320-100000.db',
      // The newest of each of the six days before today.
      'app-20270319-230000.db',
      'app-20270318-230000.db',
      'app-20270317-230000.db',
      'app-20270316-230000.db',
      'app-20270315-230000.db',
      'app-20270314-230000.db',
    ]);
  });

  it('never prunes the newest backup, however old, and keeps at least one', () => {
    const old = [name('2020-01-01T00:00:00Z'), name('2019-01-01T00:00:00Z')];
    expect(backupsToPrune(old, now, { keep: 1, keepDays: 0 })).toEqual(['app-20190101-000000.db']);
    // keep below 1 is read as 1.
    expect(backupsToPrune(old, now, { keep: 0, keepDays: 0 })).toEqual(['app-20190101-000000.db']);
  });

  it('keeps everything while there are no more than N', () => {
    const names = [name('2027-03-01T00:00:00Z'), name('2027-02-01T00:00:00Z')];
    expect(backupsToPrune(names, now, { keep: 3, keepDays: 0 })).toEqual([]);
  });

  it('deletes only backups in the folder; partial files and others stay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotwise-retention-'));
    try {
      const files = [
        name('2027-03-20T11:00:00Z'),
        name('2027-03-20T10:00:00Z'),
        name('2027-03-20T09:00:00Z', 'postgres'),
        partialName(name('2027-03-20T08:00:00Z')),
        'app.db',
        'README.txt',
      ];
      for (const f of files) writeFileSync(join(dir, f), 'x');
      expect(await pruneBackups(dir, now, { keep: 1, keepDays: 0 })).toEqual([
        'app-20270320-100000.db',
        'app-20270320-090000.dump',
      ]);
      expect(readdirSync(dir).sort()).toEqual(
        ['.app-20270320-080000.db.partial', 'README.txt', 'app-20270320-110000.db', 'app.db'].sort(),
      );
      expect(await newestBackup(dir)).toEqual({ name: 'app-20270320-110000.db', at: at('2027-03-20T11:00:00Z') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
