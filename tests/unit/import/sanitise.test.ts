/**
 * Editorial HTML from the CMS: hostile input comes out harmless, ordinary text unchanged, and
 * what is kept renders under the site's CSP. One test (or table) per rule the sanitiser's
 * comment promises.
 */
import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../../import/sanitise';

function withWarnings(html: string): { html: string; warnings: string[] } {
  const warnings: string[] = [];
  return { html: sanitiseHtml(html, (message) => warnings.push(message)), warnings };
}

describe('only the tags and attributes our pages style', () => {
  const cases: [string, string][] = [
    ['<p>Hei<script>alert(1)</script></p>', '<p>Hei</p>'],
    ['<style>body{display:none}</style><p>Hei</p>', '<p>Hei</p>'],
    ['<p style="position:fixed">Hei</p>', '<p>Hei</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">Hei</p>', '<p>Hei</p>'],
    ['<img src="/media/a.webp" onerror="alert(1)" alt="">', '<img src="/media/a.webp" alt="" />'],
    ['<svg onload="alert(1)"><circle /></svg>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<form action="https://evil.example"><input name="pw"></form>', ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
    ['<base href="https://evil.example/">', ''],
    ['<link rel="stylesheet" href="https://evil.example/x.css">', ''],
    ['<p>1 &lt; 2 &amp; <b>3</b></p>', '<p>1 &lt; 2 &amp; <b>3</b></p>'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<p class="x" id="y" data-x="1">Hei</p>', '<p>Hei</p>'],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(sanitiseHtml(input)).toBe(expected);
  });
});

/**
 * Every attribute that takes a URL, on every tag it belongs to. Only `<a href>` and `<img src>`
 * and `<iframe src>` survive at all; the others go with their tags or are never allowed.
 */
describe('URLs: links to http, https, mailto, tel and the site; images from the site only', () => {
  const forbidden = [
    'javascript:alert(1)',
    'JaVaScRiPt&#58;alert(1)',
    ' javascript:alert(1)',
    'java&#09;script:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    '\\\\evil.example/x',
  ];

  it.each(forbidden)('<a href="%s"> loses the address', (url) => {
    expect(sanitiseHtml(`<a href="${url}">lenke</a>`)).toBe('<a>lenke</a>');
  });

  it.each([...forbidden, 'https://cdn.example/bilde.jpg', 'http://cdn.example/bilde.jpg'])('<img src="%s"> is removed with a warning', (url) => {
    const { html, warnings } = withWarnings(`<p>Før<img src="${url}" alt="Bilete">etter</p>`);
    expect(html).toBe('<p>Føretter</p>');
    expect(warnings).toEqual([expect.stringMatching(/^removed an image from .+: images must be uploaded to the CMS/)]);
  });

  it.each(forbidden)('<iframe src="%s"> is removed with a warning', (url) => {
    const { html, warnings } = withWarnings(`<iframe src="${url}" title="x"></iframe>`);
    expect(html).toBe('');
    expect(warnings).toEqual([expect.stringMatching(/^removed a frame from .+: only YouTube and Vimeo players are kept$/)]);
  });

  it('keeps links to the web, e-mail, phone and the site itself', () => {
    const links =
      '<a href="https://aukra.kommune.no/">a</a><a href="http://example.org/x">b</a><a href="mailto:post@kulturhuset-kaia.example">c</a>' +
      '<a href="tel:+4771171000">d</a><a href="/kinoprogram">e</a><a href="#opningstider">f</a><a href="bassenget">g</a>';
    expect(sanitiseHtml(links)).toBe(links);
  });

  it('keeps images from the site with their alt text and size', () => {
    const image = '<figure><img src="/media/articles/a.webp" alt="Ungdommar i studioet" width="1200" height="800" /><figcaption>Studioet</figcaption></figure>';
    expect(withWarnings(image)).toEqual({ html: image, warnings: [] });
  });

  it.each([
    ['srcset on <img>', '<img src="/media/a.webp" srcset="https://evil.example/a.jpg 2x, /media/b.webp 1x" alt="">', '<img src="/media/a.webp" alt="" />'],
    [
      'srcset on <source>',
      '<picture><source srcset="https://evil.example/a.jpg"><img src="/media/a.webp" alt=""></picture>',
      '<img src="/media/a.webp" alt="" />',
    ],
    ['poster on <video>', '<video poster="https://evil.example/a.jpg" src="/media/a.mp4"></video>', ''],
    ['action on <form>', '<form action="javascript:alert(1)"><p>Hei</p></form>', '<p>Hei</p>'],
    ['formaction on <button>', '<button formaction="javascript:alert(1)">Send</button>', 'Send'],
    ['formaction on <input>', '<input type="submit" formaction="https://evil.example/">', ''],
    ['href on <area>', '<map><area href="javascript:alert(1)"></map>', ''],
    ['src on <script>', '<script src="https://evil.example/x.js"></script>', ''],
  ])('%s goes', (_name, input, expected) => {
    expect(sanitiseHtml(input)).toBe(expected);
  });
});

describe('frames: only the video players the site plays, as the CSP allows them', () => {
  it.each([
    ['https://www.youtube.com/embed/kaiaStudio1', 'https://www.youtube-nocookie.com/embed/kaiaStudio1'],
    ['https://youtube.com/embed/kaiaStudio1?autoplay=1&amp;start=30', 'https://www.youtube-nocookie.com/embed/kaiaStudio1'],
    ['https://www.youtube-nocookie.com/embed/kaiaStudio1', 'https://www.youtube-nocookie.com/embed/kaiaStudio1'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871?autoplay=1&amp;dnt=0', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://player.vimeo.com/video/76979871?h=8a2b3c4d5e', 'https://player.vimeo.com/video/76979871?h=8a2b3c4d5e&amp;dnt=1'],
  ])('%s becomes %s, keeping only source and title', (src, expected) => {
    const { html, warnings } = withWarnings(
      `<iframe src="${src}" title="Omvising" width="560" height="315" allow="autoplay" allowfullscreen onload="x()" style="border:0"></iframe>`,
    );
    expect(html).toBe(`<iframe src="${expected}" title="Omvising"></iframe>`);
    expect(warnings).toEqual([]);
  });

  it.each([
    'https://evil.example/embed/kaiaStudio1',
    'https://www.youtube.com.evil.example/embed/kaiaStudio1',
    'http://www.youtube.com/embed/kaiaStudio1',
    'https://www.youtube.com/watch?v=kaiaStudio1',
    'https://www.youtube.com/embed/kort',
    'https://www.youtube.com/embed/kaiaStudio1/../../x',
    'https://player.vimeo.com/video/abc',
    'https://vimeo.com/76979871',
    'https://player.vimeo.com/video/76979871?h=<script>',
    'https://www.google.com/maps/embed?pb=1',
    '/kinoprogram',
  ])('a frame from %s is removed with a warning', (src) => {
    const { html, warnings } = withWarnings(`<p>Sjå her:</p><iframe src="${src}" title="x"></iframe>`);
    expect(html).toBe('<p>Sjå her:</p>');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^removed a frame from /);
  });

  it('removes a frame without a source, srcdoc included, with a warning', () => {
    const { html, warnings } = withWarnings('<iframe srcdoc="<script>alert(1)</script>"></iframe>');
    expect(html).toBe('');
    expect(warnings).toEqual(['removed a frame from (no address): only YouTube and Vimeo players are kept']);
  });

  it.each(['object', 'embed', 'video', 'audio', 'svg', 'canvas'])('removes <%s> with a warning', (tag) => {
    const { html, warnings } = withWarnings(`<p>Før</p><${tag} src="https://cdn.example/x"></${tag}><p>Etter</p>`);
    expect(html).toBe('<p>Før</p><p>Etter</p>');
    expect(warnings).toEqual([`removed <${tag}>: the site embeds only YouTube and Vimeo players and its own images`]);
  });
});

describe('headings', () => {
  it('turn an h1 into a section heading, so the page keeps its one h1', () => {
    expect(sanitiseHtml('<h1>Overskrift</h1><h2>Under</h2>')).toBe('<h2>Overskrift</h2><h2>Under</h2>');
  });
});

describe('ordinary editorial text', () => {
  it('keeps the tags our pages style, links and tables included', () => {
    const text =
      '<h2>Opningstider</h2><p>Sjå <a href="/bassenget">bassenget</a> og <a href="mailto:post@kulturhuset-kaia.example">e-post</a>.</p>' +
      '<table><thead><tr><th scope="col">Dag</th></tr></thead><tbody><tr><td>Måndag</td></tr></tbody></table><ul><li><strong>«Hei»</strong></li></ul>';
    expect(withWarnings(text)).toEqual({ html: text, warnings: [] });
  });

  it('gives the same result when run twice, so imports are stable', () => {
    const inputs = [
      '<p onclick="x()">Hei <a href="javascript:x()">lenke</a></p><img src="https://cdn.example/a.jpg">',
      '<iframe src="https://www.youtube.com/embed/kaiaStudio1" title="«Studio» &amp; meir"></iframe>',
      '<iframe src="https://player.vimeo.com/video/76979871?h=8a2b3c4d5e" title="Konsert"></iframe>',
      '<figure><img src="/media/a.webp" alt="A &quot;b&quot;"></figure>',
    ];
    for (const input of inputs) expect(sanitiseHtml(sanitiseHtml(input))).toBe(sanitiseHtml(input));
  });
});
