/**
 * Every relative link and anchor in README.md, CONTRIBUTING.md and docs/ resolves: the file or
 * folder exists, and an anchor is a heading of the page by GitHub's slug rules (or an `<a id>`).
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, parseMarkdown, projectDocs } from '../support/doc-links';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('links in the docs', () => {
  it('all resolve, anchors included', () => {
    const docs = projectDocs(ROOT);
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/configuration.md', 'docs/site/film-club.md']));
    expect(brokenLinks(ROOT, docs).map(({ file, link, reason }) => `${file}: ${link} (${reason})`)).toEqual([]);
    // Parsing every page takes seconds on a busy machine.
  }, 30_000);
});

describe('the link reader', () => {
  const page = [
    '# Title',
    '## On a CDN: Cloudflare Pages or Netlify',
    '## `npm test` runs',
    '## Twice',
    '## Twice',
    '<a id="kept"></a>',
    '[fine](#on-a-cdn-cloudflare-pages-or-netlify) [code](#npm-test-runs) [second](#twice-1) [html](#kept)',
    '[other page](b.md#there) [folder](docs) [web](https://example.com/x#y) [mail](mailto:a@b.example)',
    '[no anchor](#nowhere) [no file](gone.md) [no anchor there](b.md#nowhere) [ref][r] [outside](../../etc/passwd)',
    '',
    '[r]: gone-too.md',
    '',
    '```md',
    '[in a code block](not-checked.md)',
    '```',
  ].join('\n');

  it('takes anchors by GitHub slug rules, duplicates numbered', () => {
    expect([...anchorsOf(parseMarkdown(page))]).toEqual(['title', 'on-a-cdn-cloudflare-pages-or-netlify', 'npm-test-runs', 'twice', 'twice-1', 'kept']);
  });

  it('reports a missing file, a missing anchor, a broken reference and a way out, nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'kaia-doc-links-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'a.md'), page);
      writeFileSync(join(root, 'b.md'), '# There\n');
      expect(brokenLinks(root, ['a.md']).map(({ link }) => link)).toEqual(['#nowhere', 'gone.md', 'b.md#nowhere', '../../etc/passwd', 'gone-too.md']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
