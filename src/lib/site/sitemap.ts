/** The sitemap protocol's XML for a list of absolute URLs. */
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${url.replace(/[&<>"']/g, (c) => escapes[c] ?? c)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
