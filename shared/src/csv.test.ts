import { describe, expect, it } from 'vitest';
import { CsvReader, csvText } from './csv.ts';

function readAll(text: string): { records: string[][]; unclosedAt: number | null; separator: string } {
  const reader = new CsvReader(text);
  const records: string[][] = [];
  for (let r = reader.next(); r !== null; r = reader.next()) records.push(r);
  return { records, unclosedAt: reader.unclosedAt, separator: reader.separator };
}

describe('CsvReader', () => {
  it('answers every record but blank ones as rows, a byte-order mark left out', () => {
    expect(new CsvReader('\uFEFFName,Notes\r\n\r\nAnn,"x"\n,\nBob,\n').rows()).toEqual([
      ['Name', 'Notes'],
      ['Ann', 'x'],
      ['Bob', ''],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks inside, and CRLF', () => {
    const { records } = readAll('Name,Notes\r\n"Lee, Ann","Gate code ""42""\r\nback door"\r\nBob,\r\n');
    expect(records).toEqual([
      ['Name', 'Notes'],
      ['Lee, Ann', 'Gate code "42"\r\nback door'],
      ['Bob', ''],
    ]);
  });

  it('drops a UTF-8 BOM and reads LF, CR and a last line without a line end', () => {
    expect(readAll('\uFEFFName\nAnn\rBob').records).toEqual([['Name'], ['Ann'], ['Bob']]);
  });

  it('reads the ; and tab separators of spreadsheets set to other countries', () => {
    const semi = readAll('Name;Email;Notes\nAnn;ann@example.com;"a, b; c"\n');
    expect(semi.separator).toBe(';');
    expect(semi.records[1]).toEqual(['Ann', 'ann@example.com', 'a, b; c']);
    expect(readAll('Name\tEmail\nAnn\tann@example.com\n').records[1]).toEqual(['Ann', 'ann@example.com']);
    // A comma header with a ; inside a quoted name stays a comma file.
    expect(readAll('"Name; full",Email\n').separator).toBe(',');
  });

  it('keeps a quote inside an unquoted field, and text after a closing quote', () => {
    expect(readAll('a,=HYPERLINK("x"),5" tall,"b"c\n').records).toEqual([['a', '=HYPERLINK("x")', '5" tall', 'bc']]);
  });

  it('counts blank lines as records, as a spreadsheet numbers them', () => {
    const reader = new CsvReader('Name\n\nAnn\n');
    expect([reader.next(), reader.next(), reader.next(), reader.next()]).toEqual([['Name'], [''], ['Ann'], null]);
    expect(reader.records).toBe(3);
  });

  it('stops at a quote never closed, naming its record', () => {
    const { records, unclosedAt } = readAll('Name\nAnn\n"Bob\nCarl\n');
    expect(records).toEqual([['Name'], ['Ann']]);
    expect(unclosedAt).toBe(3);
  });

  it('reads back what csvText writes', () => {
    const rows = [
      ['Ann', 'line one\nline two', '=SUM(A1)'],
      ['"quoted"', '', '+1 512 555 0100'],
    ];
    expect(readAll(csvText(['a', 'b', 'c'], rows)).records).toEqual([
      ['a', 'b', 'c'],
      ['Ann', 'line one\nline two', "'=SUM(A1)"],
      ['"quoted"', '', '+1 512 555 0100'],
    ]);
  });
});
