import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { BOM, csvField, csvRow } from '@/lib/csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 does, with CRLF line ends', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines', null, 7])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,7\r\n',
    );
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+81')).toBe("'+81");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('ミオ=推し')).toBe('ミオ=推し');
  });

  it('reads back as written', () => {
    const fields = ['ミオ推し', 'a,b', '"q"', 'x\r\ny', '=1+1'];
    const [row] = parse(BOM + csvRow(fields), { bom: true }) as string[][];
    expect(row).toEqual(['ミオ推し', 'a,b', '"q"', 'x\r\ny', "'=1+1"]);
  });
});
