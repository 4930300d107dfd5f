import { describe, expect, it } from 'vitest';
import { wrapTables } from '../../../../src/lib/site/tables';

describe('wrapTables', () => {
  it('puts each table in a focusable region named by its caption', () => {
    const html = '<p>Før</p><table><caption>Prisar &amp; tider</caption><tr><td>1</td></tr></table><p>Etter</p>';
    expect(wrapTables(html)).toBe(
      '<p>Før</p><div class="table-scroll" role="region" aria-label="Prisar &amp; tider" tabindex="0"><table><caption>Prisar &amp; tider</caption><tr><td>1</td></tr></table></div><p>Etter</p>',
    );
  });

  it('names a table without caption by the heading before it, as a table (not to clash with a section of that name), else «Tabell»', () => {
    const html = '<h2>Opningstider</h2><table><tr><td>a</td></tr></table><h3>Pris <em>i dag</em></h3><p>x</p><table><tr><td>b</td></tr></table>';
    const wrapped = wrapTables(html);
    expect(wrapped).toContain('aria-label="Tabell: Opningstider"');
    expect(wrapped).toContain('aria-label="Tabell: Pris i dag"');
    expect(wrapTables('<table><tr><td>c</td></tr></table>')).toContain('aria-label="Tabell"');
  });

  it('wraps only the outer table of nested ones and leaves text without tables alone', () => {
    const html = '<table><tr><td><table><tr><td>inni</td></tr></table></td></tr></table>';
    const wrapped = wrapTables(html);
    expect(wrapped.match(/table-scroll/g)).toHaveLength(1);
    expect(wrapped.endsWith('</table></td></tr></table></div>')).toBe(true);
    expect(wrapTables('<p>Ingen tabell</p>')).toBe('<p>Ingen tabell</p>');
  });

  it('leaves an unclosed table as it is', () => {
    expect(wrapTables('<table><tr><td>x')).toBe('<table><tr><td>x');
  });
});
