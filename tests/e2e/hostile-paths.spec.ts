/**
 * A few thousand hostile request paths against nginx: only 200, 301 or 404 may come back,
 * never a 5xx, and never a file from outside the site.
 */
import { expect, test } from './fixtures';
import { rawGet } from './raw-http';

function hostilePaths(): string[] {
  const dots = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '..%c0%af', '%c0%ae%c0%ae', '....'];
  const slashes = ['/', '%2f', '%2F', '%5c', '\\', '%252f', '//'];
  const targets = ['etc/passwd', 'package.json', 'content/config.json', '.env', 'src/content.config.ts', 'node_modules/astro/package.json'];
  const prefixes = ['/', '/media/', '/_astro/', '/article/', '/kinoprogram/'];
  const paths: string[] = [];
  for (const prefix of prefixes)
    for (const dot of dots)
      for (const slash of slashes) for (const target of targets) paths.push(`${prefix}${dot}${slash}${dot}${slash}${dot}${slash}${target}`);
  const odd = [
    '%00',
    '%ff',
    '%fe%ff',
    '%c0%af',
    '%e2%80%ae',
    '%',
    '%zz',
    '%u002e',
    '~',
    ';',
    '%0d%0aSet-Cookie:x=1',
    '%09',
    '\u00e6\u00f8\u00e5',
    '\u{1F3AC}',
    '%F0%9F%8E%AC',
  ];
  for (const bit of odd) {
    paths.push(`/${bit}`, `/kinoprogram${bit}`, `/kinoprogram/${bit}`, `/article/${bit}`, `/${bit}/index.html`);
  }
  for (const length of [64, 255, 256, 1024, 2048, 4000, 7000]) paths.push(`/${'a'.repeat(length)}`, `/article/${'b/'.repeat(length / 2)}`);
  const queries = [
    '?q=<script>alert(1)</script>',
    '?q=\'"><img src=x onerror=alert(1)>',
    '?a=%00',
    '?../../etc/passwd',
    `?q=${'x'.repeat(3000)}`,
    '?&&&==',
    '?q=%ZZ',
  ];
  for (const query of queries) for (const path of ['/', '/search', '/kinoprogram/', '/finst-ikkje', '/kino']) paths.push(`${path}${query}`);
  for (let index = 0; paths.length < 3000; index += 1) paths.push(`/${index.toString(36)}/${'..%2f'.repeat(index % 7)}x${index % 3 ? '/' : '.html'}`);
  return paths;
}

test('hostile paths get 200, 301 or 404 and never a file from outside the site', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const port = Number(new URL(baseURL!).port);
  const paths = hostilePaths();
  expect(paths.length).toBeGreaterThanOrEqual(3000);
  const problems: string[] = [];
  for (let start = 0; start < paths.length; start += 25) {
    const batch = paths.slice(start, start + 25);
    const answers = await Promise.all(batch.map((path) => rawGet(port, path)));
    answers.forEach(({ status, text: body }, index) => {
      const path = batch[index];
      if (![200, 301, 404].includes(status)) problems.push(`${status} for ${path?.slice(0, 120)}`);
      if (/root:x:0:0|"name": "kulturhuset-kaia"|"host": "https:|defineCollection/.test(body)) problems.push(`leak for ${path}`);
    });
  }
  expect(problems.slice(0, 40)).toEqual([]);
});
