/** Editorial HTML from the CMS: hostile input comes out harmless, ordinary text unchanged. */
import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../import/sanitise';

const hostile: [string, string][] = [
  ['<p>Hei<script>alert(1)</script></p>', '<p>Hei</p>'],
  ['<p onclick="alert(1)" onmouseover="x()">Hei</p>', '<p>Hei</p>'],
  ['<a href="javascript:alert(1)">lenke</a>', '<a>lenke</a>'],
  ['<a href="JaVaScRiPt&#58;alert(1)">lenke</a>', '<a>lenke</a>'],
  ['<a href=" javascript:alert(1)">lenke</a>', '<a>lenke</a>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD4=">lenke</a>', '<a>lenke</a>'],
  ['<a href="vbscript:msgbox(1)">lenke</a>', '<a>lenke</a>'],
  ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
  ['<img src="javascript:alert(1)">', '<img />'],
  ['<svg onload="alert(1)"><circle /></svg>', ''],
  ['<iframe src="https://evil.example/x"></iframe>', ''],
  ['<iframe src="javascript:alert(1)"></iframe>', ''],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['<object data="x.swf"></object><embed src="x.swf">', ''],
  ['<style>body{display:none}</style><p style="position:fixed">Hei</p>', '<p>Hei</p>'],
  ['<form action="https://evil.example"><input name="pw"></form>', ''],
  ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
  ['<base href="https://evil.example/">', ''],
  ['<p>1 &lt; 2 &amp; <b>3</b></p>', '<p>1 &lt; 2 &amp; <b>3</b></p>'],
  ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  ['<h1>Overskrift</h1>', '<h2>Overskrift</h2>'],
  ['<a href="//evil.example/">lenke</a>', '<a>lenke</a>'],
];

describe('sanitising editorial HTML', () => {
  it.each(hostile)('%s', (input, expected) => {
    expect(sanitiseHtml(input)).toBe(expected);
  });

  it('keeps embedded players from the allowed video hosts', () => {
    const player = '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Trailer"></iframe>';
    expect(sanitiseHtml(player)).toBe(player);
  });

  it('keeps the tags our pages style, links and tables included', () => {
    const text =
      '<h2>Opningstider</h2><p>Sjå <a href="/bassenget">bassenget</a> og <a href="mailto:post@kulturhuset-kaia.example">e-post</a>.</p>' +
      '<table><thead><tr><th scope="col">Dag</th></tr></thead><tbody><tr><td>Måndag</td></tr></tbody></table><ul><li><strong>«Hei»</strong></li></ul>';
    expect(sanitiseHtml(text)).toBe(text);
  });

  it('gives the same result when run twice, so imports are stable', () => {
    for (const [input] of hostile) expect(sanitiseHtml(sanitiseHtml(input))).toBe(sanitiseHtml(input));
  });
});
