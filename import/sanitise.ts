/**
 * Editorial HTML from the CMS is cleaned before it reaches content/: only the tags and
 * attributes our pages style, no script, no event handlers, no javascript: or data: URLs, and
 * iframes only from the video hosts we embed. Headings are shifted so the page keeps its one h1.
 */
import sanitizeHtml from 'sanitize-html';

/** Hosts whose players may be embedded. */
export const allowedIframeHosts = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'] as const;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'i', 's', 'sub', 'sup', 'small',
    'a', 'ul', 'ol', 'li', 'blockquote', 'q', 'cite', 'abbr', 'hr', 'figure', 'figcaption', 'img',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'hreflang', 'lang'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen'],
    '*': ['lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [...allowedIframeHosts],
  disallowedTagsMode: 'discard',
  // The page has its own h1; an h1 in editorial text becomes a section heading.
  transformTags: { h1: 'h2' },
  // An iframe whose source was refused is dropped whole rather than left empty.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs['src'],
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
