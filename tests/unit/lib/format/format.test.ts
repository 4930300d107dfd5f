import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPrice } from '../../../../src/lib/format/number';
import { capitalise, escapeHtml, unescapeHtml } from '../../../../src/lib/format/text';
import { plainText } from '../../../../src/lib/site/text';

describe('formatDecimal', () => {
  it('writes a decimal comma, whatever the runtime knows of nn-NO', () => {
    expect(formatDecimal(4.3)).toBe('4,3');
    expect(formatDecimal(4.25)).toBe('4,3');
    expect(formatDecimal(4)).toBe('4');
    expect(formatDecimal(3.14159, 2)).toBe('3,14');
  });
  it('groups thousands with a narrow no-break space from five digits, and marks negatives with a minus sign', () => {
    expect(formatDecimal(1250)).toBe('1250');
    expect(formatDecimal(12500)).toBe('12\u202f500');
    expect(formatDecimal(-2.5)).toBe('−2,5');
    expect(formatDecimal(Number.NaN)).toBe('');
  });
});

describe('formatPrice', () => {
  it('writes whole kroner with a no-break space before kr, and 0 as Gratis', () => {
    expect(formatPrice(120)).toBe('120\u00a0kr');
    expect(formatPrice(12500)).toBe('12\u202f500\u00a0kr');
    expect(formatPrice(0)).toBe('Gratis');
    expect(formatPrice(-1)).toBe('');
  });
});

describe('capitalise', () => {
  it('upper-cases the first letter only', () => {
    expect(capitalise('tysdag 24. november')).toBe('Tysdag 24. november');
    expect(capitalise('')).toBe('');
  });
});

describe('escaping and reading back HTML text', () => {
  it('reads back what escapeHtml writes, in one pass, and &nbsp; as a space', () => {
    const text = `Tom & Jerry <3 "kino" i 'Sal 2'`;
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
    expect(unescapeHtml('&amp;lt;')).toBe('&lt;');
    expect(unescapeHtml('a&nbsp;b &hellip;')).toBe('a b &hellip;');
  });
  it('gives plain text of the CMS’s HTML for excerpts', () => {
    expect(plainText('<p>Fisk &amp; chips&nbsp;<b>i&nbsp;dag</b></p>\n<p>&quot;Velkomen&quot; &#39;inn&#39;</p>')).toBe(`Fisk & chips i dag "Velkomen" 'inn'`);
  });
});
