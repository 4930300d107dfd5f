/**
 * The sandbox's CMS editor: small pages where a newcomer plays the editor, so the whole staff
 * path can be tried in a browser without curl. `/__sandbox/` lists the articles (and the admin
 * endpoints); `/__sandbox/cms/artiklar/<id>` edits one article's title and text, and either
 * saves a draft or publishes. Both go through the same edit as `POST /__sandbox/edit` (cms.ts)
 * and send the same signed webhook the real CMS sends, so the publish service builds a preview
 * (draft) or the live site (publish). Plain HTML forms in nynorsk, no scripts.
 */
import { createHash } from 'node:crypto';

export interface EditorLinks {
  /** The publish service's status page, where the run can be followed. */
  readonly staffUrl?: string | undefined;
  /** The public site, to open the article on after it is published. */
  readonly siteUrl?: string | undefined;
}

export interface EditableArticle {
  readonly id: string;
  readonly title: string;
  readonly slug: string;
  /** The body, as HTML. */
  readonly content: string;
}

export const TITLE_MAX = 200;
export const CONTENT_MAX = 20_000;

const STYLE = `
:root { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #fff; }
body { margin: 0 auto; max-width: 48rem; padding: 1rem; }
h1 { font-size: 1.6rem; }
a { color: #0b4f8a; }
:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input[type=text], textarea { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 2px solid #555; border-radius: 0.25rem; }
textarea { min-height: 12rem; }
.hint { margin: 0.25rem 0 0; color: #444; font-size: 0.95rem; }
.buttons { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
button { font: inherit; padding: 0.5rem 1rem; border: 2px solid #0b4f8a; border-radius: 0.25rem; background: #0b4f8a; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #0b4f8a; }
.message { padding: 0.75rem 1rem; border-left: 0.4rem solid #0b4f8a; background: #eef4fa; }
.message.error { border-color: #a3231f; background: #fbeeee; }
.draft { font-weight: 600; color: #7a4a00; }
code { overflow-wrap: anywhere; }
.days { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; padding: 0; list-style: none; }
.days a[aria-current] { font-weight: 700; }
.showings { padding: 0; list-style: none; }
.showing { border-top: 1px solid #999; padding: 0.5rem 0 1rem; }
.showing h3 { margin: 0.5rem 0 0; font-size: 1.1rem; }
.showing p { margin: 0.25rem 0; }
.move { display: flex; flex-wrap: wrap; align-items: end; gap: 0.5rem; margin-top: 0.5rem; }
.move label { margin: 0; width: 100%; }
input[type=time] { font: inherit; padding: 0.4rem; border: 2px solid #555; border-radius: 0.25rem; }
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
export const EDITOR_CSP = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sandbox's page frame (the CMS editor's and the box office's pages). */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="nn">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} – sandkassa</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** An article as the editor shows it, or undefined when the record lacks what the form edits. */
export function editableArticle(record: unknown): EditableArticle | undefined {
  const raw = record as Record<string, unknown> | null;
  if (!raw || typeof raw['id'] !== 'string' || typeof raw['title'] !== 'string') return undefined;
  return {
    id: raw['id'],
    title: raw['title'],
    slug: typeof raw['slug'] === 'string' ? raw['slug'] : '',
    content: typeof raw['content'] === 'string' ? raw['content'] : '',
  };
}

export const articlePath = (id: string) => `/__sandbox/cms/artiklar/${encodeURIComponent(id)}`;

export function indexPage(articles: readonly { article: EditableArticle; hasDraft: boolean }[], links: EditorLinks): string {
  const sorted = [...articles].sort((a, b) => a.article.title.localeCompare(b.article.title, 'nn'));
  return layout(
    'CMS-et',
    `<h1>Sandkassa: CMS-et</h1>
<p>Her speler du redaktøren. Vel ein artikkel, endre tittelen eller teksten, og lagre eit utkast eller publiser. CMS-et sender då den signerte webhooken til publiseringstenesta, som byggjer ei førehandsvising (utkast) eller nettstaden (publisering).</p>
${links.staffUrl ? `<p><a href="${escapeHtml(links.staffUrl)}">Følg publiseringa på statussida</a></p>` : ''}
<p>Framsyningar og billettar endrar du i <a href="/__sandbox/billettkontor">billettkontoret</a>.</p>
<h2>Artiklar</h2>
<ul>
${sorted
  .map(
    ({ article, hasDraft }) =>
      `<li><a href="${escapeHtml(articlePath(article.id))}">${escapeHtml(article.title)}</a>${hasDraft ? ' <span class="draft">(har utkast)</span>' : ''}</li>`,
  )
  .join('\n')}
</ul>
<h2>For utviklarar</h2>
<p>Sandkassa svarar òg på JSON-kall: <code>POST /__sandbox/edit</code>, <code>/__sandbox/fault</code>, <code>/__sandbox/event</code>, <code>/__sandbox/reset</code>, <code>/__sandbox/revoke-tokens</code>, <code>GET /__sandbox/requests</code> og <code>/__sandbox/newsletter</code> (sjå <code>sandbox/README.md</code>).</p>`,
  );
}

/** A page that only says something (not found, not allowed). */
export function messagePage(title: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p><a href="/__sandbox/">Alle artiklane</a></p>`);
}

/** What the editor says after an action, chosen by key so nothing typed into the address is echoed. */
export type EditorNotice = 'draft' | 'published';

export interface EditState {
  /** The values in the form (what was typed, after a refused save). */
  readonly title: string;
  readonly content: string;
  readonly hasDraft: boolean;
  readonly notice?: EditorNotice | undefined;
  /** The status the publish service answered the webhook with (0: unreachable), or undefined when none is set up. */
  readonly webhookStatus?: number | undefined;
  readonly error?: string | undefined;
}

function noticeText(state: EditState, article: EditableArticle, links: EditorLinks): string {
  if (state.error) return `<p class="message error">${escapeHtml(state.error)}</p>`;
  if (!state.notice) return '';
  const what = state.notice === 'draft' ? 'Utkastet er lagra.' : 'Artikkelen er publisert i CMS-et.';
  const hook =
    state.webhookStatus === undefined
      ? 'Ingen webhook er sett opp i sandkassa (SANDBOX_WEBHOOK_URL), så publiseringstenesta får ikkje vite om det.'
      : state.webhookStatus === 0
        ? 'Webhooken kom ikkje fram: publiseringstenesta svarte ikkje. Køyrer ho?'
        : state.webhookStatus >= 200 && state.webhookStatus < 300
          ? state.notice === 'draft'
            ? 'Publiseringstenesta har fått webhooken og byggjer ei ny førehandsvising.'
            : 'Publiseringstenesta har fått webhooken og byggjer nettstaden på nytt.'
          : `Publiseringstenesta avviste webhooken (status ${state.webhookStatus}).`;
  const ok = state.webhookStatus !== undefined && state.webhookStatus >= 200 && state.webhookStatus < 300;
  const follow = ok && links.staffUrl ? ` <a href="${escapeHtml(links.staffUrl)}">Følg køyringa på statussida</a>.` : '';
  const live =
    ok && state.notice === 'published' && links.siteUrl && article.slug
      ? ` Når ho er ferdig, står den nye teksten på <a href="${escapeHtml(new URL(`article/${encodeURIComponent(article.slug)}`, links.siteUrl).href)}">artikkelsida</a> og i nyheitslista på <a href="${escapeHtml(new URL('aktuelt', links.siteUrl).href)}">/aktuelt</a>.`
      : '';
  return `<p class="message${ok ? '' : ' error'}">${what} ${hook}${follow}${live}</p>`;
}

export function editPage(article: EditableArticle, state: EditState, links: EditorLinks): string {
  return layout(
    article.title,
    `<p><a href="/__sandbox/">Alle artiklane</a></p>
<h1>Endre artikkel</h1>
<div role="status">${noticeText(state, article, links)}</div>
${state.hasDraft ? '<p class="draft">Artikkelen har eit lagra utkast som ikkje er publisert. Skjemaet viser utkastet.</p>' : ''}
<form method="post" action="${escapeHtml(articlePath(article.id))}">
<label for="title">Tittel</label>
<input type="text" id="title" name="title" value="${escapeHtml(state.title)}" required maxlength="${TITLE_MAX}"${state.error ? ' aria-invalid="true" aria-describedby="title-hint"' : ''}>
<p class="hint" id="title-hint">Høgst ${TITLE_MAX} teikn.</p>
<label for="content">Tekst</label>
<textarea id="content" name="content" required maxlength="${CONTENT_MAX}" aria-describedby="content-hint">${escapeHtml(state.content)}</textarea>
<p class="hint" id="content-hint">HTML, som i CMS-et: avsnitt i &lt;p&gt;…&lt;/p&gt;.</p>
<div class="buttons">
<button type="submit" name="action" value="draft" class="secondary">Lagre utkast</button>
<button type="submit" name="action" value="publish">Publiser</button>
</div>
</form>`,
  );
}

export type ArticleForm =
  | { readonly ok: true; readonly action: 'draft' | 'publish'; readonly title: string; readonly content: string }
  | { readonly ok: false; readonly title: string; readonly content: string; readonly error: string };

/** The posted form, checked: a title and a text within their limits, and which button was pressed. */
export function parseArticleForm(body: string): ArticleForm {
  const form = new URLSearchParams(body);
  const title = (form.get('title') ?? '').replace(/\s+/g, ' ').trim();
  const content = (form.get('content') ?? '').replace(/\r\n/g, '\n').trim();
  const action = form.get('action');
  const refuse = (error: string): ArticleForm => ({ ok: false, title: form.get('title') ?? '', content: form.get('content') ?? '', error });
  if (!title) return refuse('Tittelen kan ikkje vere tom.');
  if (title.length > TITLE_MAX) return refuse(`Tittelen kan ha høgst ${TITLE_MAX} teikn.`);
  if (!content) return refuse('Teksten kan ikkje vere tom.');
  if (content.length > CONTENT_MAX) return refuse(`Teksten kan ha høgst ${CONTENT_MAX} teikn.`);
  if (action !== 'draft' && action !== 'publish') return refuse('Vel «Lagre utkast» eller «Publiser».');
  return { ok: true, action, title, content };
}

/** The sandbox's root: what this server is, and the two pages a person opens. */
export function rootPage(): string {
  return layout(
    'Sandkassa',
    `<h1>Sandkassa for Kulturhuset Kaia</h1>
<p>Denne tenaren speler CMS-et og billettsystemet når nettstaden køyrer på di eiga maskin. Han svarar som dei verkelege tenestene gjer, så importen og publiseringa kan prøvast utan dei.</p>
<ul>
<li><a href="/__sandbox/">CMS-et</a>: endre ein artikkel, lagre eit utkast eller publiser.</li>
<li><a href="/__sandbox/billettkontor">Billettkontoret</a>: flytt, sel ut eller avlys ei framsyning.</li>
</ul>
<h2>For utviklarar</h2>
<p>Programma snakkar med desse adressene (dei er ikkje sider for nettlesaren): <code>POST /idp/token</code>, <code>/management/</code>, <code>/runtime/</code>, <code>/platform/</code> og <code>/newsletter/subscribe</code>. Sjå <code>sandbox/README.md</code>.</p>`,
  );
}
