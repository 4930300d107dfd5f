import { describe, expect, it } from 'vitest';
import { CDN_LIMITS, cdnLimitProblems, inCdnUpload } from '../../../../src/lib/hosting/cdn';

const MiB = 1024 * 1024;
const files = (count: number, directory = 'a') => Array.from({ length: count }, (_, index) => ({ path: `${directory}/${index}.html`, bytes: 100 }));

describe('a CDN upload of the build', () => {
  it('leaves out the precompressed copies and the nginx config, and keeps the rest', () => {
    for (const path of ['kinoprogram.html.br', 'kinoprogram.html.gz', '_astro/a.js.br', '_hosting/nginx.conf']) expect(inCdnUpload(path), path).toBe(false);
    for (const path of ['kinoprogram.html', 'index.html', '_headers', '_redirects', '_astro/a.js', 'media/x.webp', 'sw.js', 'brosjyre.html'])
      expect(inCdnUpload(path), path).toBe(true);
  });

  it('fits when it keeps within every limit', () => {
    expect(cdnLimitProblems([...files(19_999), { path: '_headers', bytes: 10 }], '/*\n  X: y\n', '/a /b 301\n/*/index.html /:splat 301\n')).toEqual([]);
  });

  it('names the limit a build breaks, and where it comes from', () => {
    expect(cdnLimitProblems(files(20_001), '', '')).toEqual([
      expect.stringMatching(/^20001 files, over the 20,000 a deployment may hold \(Cloudflare Pages, free plan/),
    ]);
    expect(cdnLimitProblems([{ path: 'media/film.mp4', bytes: 26 * MiB }], '', '')).toEqual([
      expect.stringMatching(/^media\/film\.mp4 is 26\.0 MiB, over the 25 MiB/),
    ]);
    expect(cdnLimitProblems([{ path: 'media/ok.webp', bytes: 25 * MiB }], '', '')).toEqual([]);
    const headers = Array.from({ length: 101 }, (_, index) => `/p${index}\n  X: y`).join('\n');
    expect(cdnLimitProblems([], headers, '')).toEqual([expect.stringMatching(/^_headers has 101 rules, over 100/)]);
    const statics = Array.from({ length: 2001 }, (_, index) => `/old${index} /new 301`).join('\n');
    expect(cdnLimitProblems([], '', statics)).toEqual([expect.stringMatching(/^_redirects has 2001 static rules, over 2000/)]);
    const dynamic = Array.from({ length: 101 }, (_, index) => `/old${index}/* /new/:splat 301`).join('\n');
    expect(cdnLimitProblems([], '', dynamic)).toEqual([expect.stringMatching(/^_redirects has 101 rules with \* or :placeholders, over 100/)]);
    expect(cdnLimitProblems([], `/*\n  Content-Security-Policy: ${'x'.repeat(CDN_LIMITS.lineCharacters)}\n`, '')).toEqual([
      expect.stringMatching(/^_headers line 2 has \d+ characters, over 2000/),
    ]);
  });

  it('counts files per directory for Netlify, whose limit is per directory', () => {
    const problems = cdnLimitProblems(files(54_001, 'kalender'), '', '');
    expect(problems).toContainEqual(expect.stringMatching(/^kalender\/ holds 54001 files, over the 54,000 one directory may hold \(Netlify/));
  });
});
