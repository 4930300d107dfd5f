/** @jsxImportSource hono/jsx */
/**
 * The one layout of the service's own pages (status, login, rollback confirmation, preview
 * sign-in, errors), in Hono's JSX: every text and attribute is escaped as it is written, and
 * nothing in views/ writes raw HTML. The stylesheet (staff.css) and the status page's one script
 * (status-live.js) are files the service serves itself (views/assets.ts, routes/asset-routes.ts),
 * so the Content-Security-Policy allows no inline style or script.
 */
import type { Child } from 'hono/jsx';
import type { HtmlEscapedString } from 'hono/utils/html';
import { GUIDE_PATH } from '../guide/guide';
import { STYLESHEET } from './assets';

/** The pages' CSP: the stylesheet and the status page's script come from the service itself, nothing inline. */
export const CSP = `default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

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
        <link rel="stylesheet" href={STYLESHEET} />
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
