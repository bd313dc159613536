import { describe, expect, it } from 'vitest';
import { driveWords, fixedWords, minutesWords, savesWords } from './route-words.ts';

describe('the route words', () => {
  it('says minutes and hours', () => {
    expect(minutesWords(25)).toBe('25 min');
    expect(minutesWords(60)).toBe('1 h');
    expect(minutesWords(65)).toBe('1 h 5 min');
    expect(savesWords(24)).toBe('Saves 24 min of driving');
  });

  it('says a drive from the start or the last job, and none when the place is unknown', () => {
    expect(driveWords({ minutes: 12, miles: 5.7, fromStart: true })).toBe('12 min · 5.7 mi from the start');
    expect(driveWords({ minutes: 8, miles: 4, fromStart: false })).toBe('8 min · 4 mi from the last job');
    expect(driveWords({ minutes: 0, miles: 0, fromStart: false })).toBe('No drive from the last job');
  });

  it('says why a job keeps its time', () => {
    expect(fixedWords(null)).toBeNull();
    expect(fixedWords('notice')).toBe('Too soon to move');
    expect(fixedWords('pinned')).toBe('Pinned: keeps its time');
  });
});
