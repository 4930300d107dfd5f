/**
 * Editorial HTML from the CMS is cleaned before it reaches content/. What comes through renders
 * under the site's Content-Security-Policy as it is:
 * - only the tags and attributes our pages style; no script, style, form, object or embed, and
 *   no event handlers or style attributes;
 * - links only to http, https, mailto and tel addresses or the site's own paths: no javascript:,
 *   data: or other schemes, and no protocol-relative (//host) addresses;
 * - images only from the site itself (a path such as /media/…): the CSP allows no other image
 *   host, so a remote or data: image is removed, with a warning naming it;
 * - frames only for the video players the site plays (lib/site/video.ts, also the CSP's
 *   frame-src): a YouTube embed (youtube.com or youtube-nocookie.com) is rewritten to the
 *   privacy-enhanced player, a Vimeo embed gets do-not-track (dnt=1), and each keeps only its
 *   source and title; the pages render them as click-to-load players. Any other frame is removed,
 *   with a warning;
 * - headings are shifted so the page keeps its one h1.
 * Every warning goes to the caller's `warn`, which the import prints with the record's name.
 */
import sanitizeHtml from 'sanitize-html';
import { VIDEO_ORIGINS, videoEmbedUrl, videoFromEmbedUrl } from '../src/lib/site/video';

/** Hosts whose players may be embedded: the ones the CSP's frame-src allows. */
export const allowedIframeHosts = Object.values(VIDEO_ORIGINS).map((origin) => new URL(origin).hostname);

/** Tags that would embed outside content; removed whole, with a warning. */
const EMBEDDING_TAGS = new Set([
  'object',
  'embed',
  'video',
  'audio',
  'source',
  'track',
  'picture',
  'svg',
  'math',
  'canvas',
  'frame',
  'frameset',
  'applet',
  'portal',
]);

/** A URL that stays on the site: a path, no scheme, not protocol-relative. */
export function isSitePath(url: string): boolean {
  // Browsers ignore control characters and spaces in URLs: "java\tscript:" is javascript:.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
  const bare = url.replace(/[\u0000-\u0020\u007f]/g, '');
  return !/^[a-z][a-z\d+.-]*:/i.test(bare) && !/^[/\\]{2}/.test(bare);
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function options(warn: (message: string) => void): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      'p',
      'br',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'strong',
      'em',
      'b',
      'i',
      's',
      'sub',
      'sup',
      'small',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'q',
      'cite',
      'abbr',
      'hr',
      'figure',
      'figcaption',
      'img',
      'table',
      'caption',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'iframe',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'hreflang', 'lang'],
      img: ['src', 'alt', 'width', 'height'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      abbr: ['title'],
      iframe: ['src', 'title'],
      '*': ['lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // Images and frames never name a scheme once transformed below: images are site paths,
    // frames are rewritten to the players' https URLs.
    allowedSchemesByTag: { img: [], iframe: ['https'] },
    allowProtocolRelative: false,
    allowedIframeHostnames: allowedIframeHosts,
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    onOpenTag: (name) => {
      if (EMBEDDING_TAGS.has(name)) warn(`removed <${name}>: the site embeds only YouTube and Vimeo players and its own images`);
    },
    transformTags: {
      // The page has its own h1; an h1 in editorial text becomes a section heading.
      h1: 'h2',
      iframe: (tagName, attribs) => {
        const video = videoFromEmbedUrl(attribs['src'] ?? '');
        if (!video) {
          warn(`removed a frame from ${shorten(attribs['src'] || '(no address)')}: only YouTube and Vimeo players are kept`);
          return { tagName, attribs: {} };
        }
        const title = attribs['title']?.trim();
        return { tagName, attribs: { src: videoEmbedUrl(video), ...(title ? { title } : {}) } };
      },
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        if (src === undefined || isSitePath(src)) return { tagName, attribs };
        warn(`removed an image from ${shorten(src)}: images must be uploaded to the CMS (the site shows only its own)`);
        return { tagName, attribs: rest };
      },
    },
    // A frame or image whose source was refused is dropped whole rather than left empty.
    exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs['src'],
  };
}

/** Cleans editorial HTML; what was removed for being embedded from elsewhere goes to `warn`. */
export function sanitiseHtml(html: string, warn: (message: string) => void = () => {}): string {
  return sanitizeHtml(html, options(warn)).trim();
}
