/** @jsxImportSource hono/jsx */
/**
 * The one layout of the service's own pages (status, login, rollback confirmation, preview
 * sign-in, errors), in Hono's JSX: every text and attribute is escaped as it is written, and
 * nothing in views/ writes raw HTML. Styles are one inline block whose hash goes into the
 * Content-Security-Policy; the status page's one script is served as a file (routes/status-routes.ts).
 */
import { createHash } from 'node:crypto';
import type { Child } from 'hono/jsx';
import type { HtmlEscapedString } from 'hono/utils/html';
import { GUIDE_PATH } from '../guide/guide';

// No character JSX escapes (& < > " ') may appear here: the block is sent as it is hashed.
const STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #fff; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem; }
h1 { font-size: 1.75rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; }
a { color: #0b4f8a; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 1rem 0; }
.actions form { margin: 0; }
button { font: inherit; padding: 0.5rem 1rem; border: 2px solid #0b4f8a; border-radius: 0.25rem; background: #0b4f8a; color: #fff; cursor: pointer; }
button.secondary, a.button.secondary { background: #fff; color: #0b4f8a; }
a.button { display: inline-block; font: inherit; padding: 0.5rem 1rem; border: 2px solid #0b4f8a; border-radius: 0.25rem; text-decoration: none; }
a.button:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px; }
.paused { border: 3px solid #7a4a00; background: #fff7e6; padding: 0 1rem 1rem; margin: 1rem 0; }
.message { padding: 0.75rem 1rem; border-left: 0.4rem solid #0b4f8a; background: #eef4fa; }
.message.error { border-color: #a3231f; background: #fbeeee; }
.message:focus { outline: 3px solid #0b4f8a; outline-offset: 2px; }
.warning { padding: 0 1rem; border-left: 0.4rem solid #a3231f; background: #fbeeee; }
.freshness dt, .freshness dd { min-width: 0; }
.freshness small { overflow-wrap: anywhere; }
.runs { list-style: none; padding: 0; margin: 0; }
.run { border-top: 1px solid #c8c8c8; padding: 0.75rem 0; }
.run h3 { font-size: 1.05rem; margin: 0 0 0.5rem; }
.run ul { margin: 0; padding-left: 1.25rem; }
.run small { overflow-wrap: anywhere; }
.run li { overflow-wrap: anywhere; }
.news:empty { display: none; }
.ref { color: #555; overflow-wrap: anywhere; }
.state { font-weight: 600; }
.state-failed { color: #a3231f; }
.state-published { color: #1d6b2f; }
.state-preview { color: #7a4a00; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input[type=password], input[type=text] { font: inherit; padding: 0.5rem; border: 2px solid #555; border-radius: 0.25rem; width: min(100%, 20rem); box-sizing: border-box; }
.login button { margin-top: 0.75rem; }
@media (max-width: 30rem) { dl { grid-template-columns: 1fr; } }
.staff-header { border-bottom: 1px solid #c8c8c8; padding-bottom: 0.5rem; }
.staff-header ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; margin: 0; padding: 0; }
.staff-header a { display: inline-block; padding: 0.25rem 0; }
.staff-header a[aria-current=page] { font-weight: 600; text-decoration: none; }
.guide { max-width: 42rem; overflow-wrap: break-word; }
.guide h3 { font-size: 1.1rem; margin: 1.5rem 0 0.25rem; }
.guide li { margin: 0.25rem 0; }
`;

export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
/** Where the status page's script is served (routes/status-routes.ts). */
export const STATUS_SCRIPT = '/staff/status.js';
export const CSP = `default-src 'none'; style-src ${STYLE_HASH}; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

interface LayoutProps {
  readonly title: string;
  /** The status page's script. */
  readonly script?: string | undefined;
  /** The version of what the page shows (the status page's script compares the live channel's with it). */
  readonly liveVersion?: string | undefined;
  /**
   * The staff header's links (the status page, the guide), and which of them is this page; none
   * on the preview's own port, where neither is served.
   */
  readonly nav?: 'status' | 'guide' | 'other' | false;
  readonly children?: Child;
}

/** The header of every staff page: the status page and the guide «Slik publiserer du». */
function StaffHeader({ current }: { current: 'status' | 'guide' | 'other' }) {
  return (
    <header class="staff-header">
      <nav aria-label="Publisering">
        <ul>
          <li>
            <a href="/staff/" aria-current={current === 'status' ? 'page' : undefined}>
              Publiseringssida
            </a>
          </li>
          <li>
            <a href={GUIDE_PATH} aria-current={current === 'guide' ? 'page' : undefined}>
              Rettleiing: slik publiserer du
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}

function Layout({ title, script, liveVersion, nav = 'other', children }: LayoutProps) {
  return (
    <html lang="nn">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <style>{STYLE}</style>
        {script ? <script src={script} defer /> : null}
      </head>
      <body>
        {nav ? <StaffHeader current={nav} /> : null}
        <main data-live-version={liveVersion}>{children}</main>
      </body>
    </html>
  );
}

/**
 * A JSX element as its HTML. The views are synchronous components, so this is a string; an
 * async one would make it a promise, which is refused rather than sent as «[object Promise]».
 */
export function render(element: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  const html: unknown = element instanceof Promise ? element : element.toString();
  if (typeof html !== 'string') throw new TypeError('views render synchronously');
  return html;
}

/** A whole page: the doctype and the layout around `children`. */
export function document(props: LayoutProps): string {
  return `<!doctype html>\n${render(<Layout {...props} />)}\n`;
}

/** The hidden field that carries the session's CSRF token in every staff form. */
export function Csrf({ token }: { readonly token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
