#!/usr/bin/env node
/**
 * A stand-in for `astro build` in the publish tests (a real build takes a minute): reads the
 * content from $CONTENT_DIR and writes $BUILD_OUT_DIR/index.html listing every article's title,
 * one page per article at /artiklar/<id>/, /kinoprogram/ listing every event (id, start, ticket
 * availability), and an empty _hosting/nginx.conf. Appends a line to $FAKE_BUILD_LOG per build,
 * waits while the file $FAKE_BUILD_HOLD exists (a test holds a run going), and fails when the
 * file $FAKE_BUILD_FAIL exists (its text is the error). Like the real build, with SITE_NOINDEX=1
 * every page says noindex, nofollow, with SITE_PREVIEW_* every page has the preview banner, and
 * with HOSTING_TARGET=cdn there is no _hosting/ folder.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const { CONTENT_DIR, BUILD_OUT_DIR, FAKE_BUILD_LOG, FAKE_BUILD_FAIL, FAKE_BUILD_HOLD, SITE_NOINDEX, SITE_PREVIEW_DRAFT_AT, SITE_PREVIEW_STATUS_URL } =
  process.env;
if (!CONTENT_DIR || !BUILD_OUT_DIR) throw new Error('CONTENT_DIR and BUILD_OUT_DIR must be set');
if (FAKE_BUILD_LOG) appendFileSync(FAKE_BUILD_LOG, `${CONTENT_DIR}\n`);
while (FAKE_BUILD_HOLD && existsSync(FAKE_BUILD_HOLD)) await new Promise((done) => setTimeout(done, 20));
if (FAKE_BUILD_FAIL && existsSync(FAKE_BUILD_FAIL)) {
  console.error(readFileSync(FAKE_BUILD_FAIL, 'utf8').trim());
  process.exit(3);
}
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const articles = JSON.parse(readFileSync(join(CONTENT_DIR, 'articles.json'), 'utf8'));
// Like the real build's PreviewBanner.astro: the banner, the draft time (as given) and the status page.
const banner = SITE_PREVIEW_DRAFT_AT
  ? `<section class="preview-banner" aria-label="Førehandsvising"><p><strong>Førehandsvising – ikkje publisert.</strong> Utkast henta frå CMS-et <time datetime="${escape(SITE_PREVIEW_DRAFT_AT)}">${escape(SITE_PREVIEW_DRAFT_AT)}</time>. <a href="${escape(SITE_PREVIEW_STATUS_URL ?? '')}">Til publiseringssida</a></p></section>`
  : '';
const page = (title, body) =>
  `<!doctype html><html lang="nn"><head><meta charset="utf-8">${SITE_NOINDEX === '1' ? '<meta name="robots" content="noindex, nofollow">' : ''}<title>${escape(title)}</title></head><body>${banner}<main>${body}</main></body></html>\n`;
mkdirSync(BUILD_OUT_DIR, { recursive: true });
// scripts/serve-nginx.mjs includes the build's own nginx config; this build needs none. Like the
// real build, a CDN build (HOSTING_TARGET=cdn) has no nginx config.
if (process.env.HOSTING_TARGET !== 'cdn') {
  mkdirSync(join(BUILD_OUT_DIR, '_hosting'), { recursive: true });
  writeFileSync(join(BUILD_OUT_DIR, '_hosting', 'nginx.conf'), '# fake build\n');
}
writeFileSync(join(BUILD_OUT_DIR, 'index.html'), page('Kaia', `<ul>${articles.map((a) => `<li>${escape(a.title)}</li>`).join('')}</ul>`));
const events = JSON.parse(readFileSync(join(CONTENT_DIR, 'events.json'), 'utf8'));
mkdirSync(join(BUILD_OUT_DIR, 'kinoprogram'), { recursive: true });
writeFileSync(
  join(BUILD_OUT_DIR, 'kinoprogram', 'index.html'),
  page('Kinoprogram', `<ul>${events.map((e) => `<li id="${escape(e.id)}">${escape(e.startTime)} ${escape(e.availability)}</li>`).join('')}</ul>`),
);
for (const article of articles) {
  const dir = join(BUILD_OUT_DIR, 'artiklar', article.id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), page(article.title, `<h1>${escape(article.title)}</h1>`));
}
