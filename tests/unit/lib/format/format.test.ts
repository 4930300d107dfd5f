import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPrice } from '../../../../src/lib/format/number';
import { capitalise, escapeHtml, unescapeHtml } from '../../../../src/lib/format/text';
import { plainText } from '../../../../src/lib/site/text';
import { formatClock } from '../../../../src/lib/format/time';
import { formatFetchedAt, formatTicketTime } from '../../../../src/lib/filmclub/format';
import { nextTicket } from '../../../../src/lib/search/results';

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

describe('a showing time', () => {
  // «Torsdag 10. desember kl. / 18.00» broke between «kl.» and the time on a narrow screen (issue 37).
  const showing = '2026-12-10T18:00:00+01:00';

  it('keeps «kl.» and the time together with a no-break space, wherever visitors read it', () => {
    expect(formatClock(showing)).toBe('kl.\u00a018.00');
    expect(formatTicketTime(showing)).toBe('Torsdag 10. desember kl.\u00a018.00');
    expect(formatFetchedAt(new Date(showing))).toBe('torsdag 10. desember kl.\u00a018.00');
    expect(nextTicket([{ start: showing, ticketUrl: 'https://billett.example/1' }], new Date('2026-12-01T12:00:00+01:00'))?.when).toBe(
      'torsdag 10. desember kl.\u00a018.00',
    );
  });

  it('leaves no ordinary space after «kl.» for a line to break at', () => {
    for (const text of [formatClock(showing), formatTicketTime(showing), formatFetchedAt(new Date(showing))]) expect(text).not.toMatch(/kl\.\s(?<!\u00a0)/);
  });
});
