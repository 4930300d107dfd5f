/**
 * The small HTML page a plain file host serves at an old path (a fallback: nginx and the
 * static-host `_redirects` answer the same paths with real 301s). Astro's own redirect pages
 * carry no `lang` and write the refresh as `0;url=…`, which the HTML standard does not allow
 * (it needs `0; url=…`); these are valid, in the site's language and say where the page went.
 */
import { escapeHtml } from '../format/text';

export interface RedirectPageInput {
  /** Normalised target path ('/kinoprogram') or absolute URL. */
  to: string;
  /** Absolute URL of the target, for the canonical link. */
  canonicalUrl: string;
  /** Language of the page's text ('nn'). */
  lang: string;
}

export function redirectPageHtml({ to, canonicalUrl, lang }: RedirectPageInput): string {
  const target = escapeHtml(to);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Sida har flytta til ${target}</title>`,
    `<meta http-equiv="refresh" content="0; url=${target}">`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`,
    '</head>',
    '<body>',
    `<p>Sida har flytta. <a href="${target}">Gå til ${target}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
