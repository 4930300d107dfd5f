// The status page follows the service without a reload (served as /staff/status.js; the page's
// CSP allows scripts and connections to the service only). It listens to the live channel
// (/staff/live, server-sent events): each event names the version of what the page shows, and
// when it is not the version this page shows, the script fetches the page once, swaps the parts
// marked data-follow, and says in the polite live region what changed (a new run, a new step,
// how one ended), never the same thing twice. While a run goes it also fetches every 2 s, so the
// time so far moves on. EventSource reconnects by itself; when the channel is refused or the
// browser has none, the page fetches itself every 20 s instead. It never moves focus (but once
// to an action's result at load): a part that holds the focus is left as it is until the focus
// has left it.
(() => {
  // The result of an action (?melding=) is in the status region when the page loads, which many
  // screen readers do not announce: the focus goes to it once, so it is read.
  document.getElementById('melding')?.focus();
  const news = document.getElementById('runs-news');
  if (!news || !window.fetch || !window.DOMParser) return;
  const CHANNEL = '/staff/live';
  const GOING_MS = 2000;
  const FALLBACK_MS = 20000;
  const versionOf = (doc) => doc.querySelector('main[data-live-version]')?.dataset.liveVersion ?? null;
  const going = () => document.querySelector('[data-follow] [data-state="queued"], [data-follow] [data-state="running"]') !== null;
  /** The version of what the page shows now (null: not known, e.g. a part was held back by the focus). */
  let shown = versionOf(document);
  /** The live channel, while it is open or reconnecting by itself. */
  let channel = null;
  /** What the live region has said, per run: the same is never said twice. */
  const said = new Set([...document.querySelectorAll('[data-follow] [data-announce]')].map((item) => `${item.dataset.run} ${item.dataset.announce}`));
  /** Parts held back by the focus, each fetched again once the focus leaves it. */
  const waiting = new WeakSet();
  let timer;
  let fetching = false;
  let again = false;
  let stale = false;

  const next = () => {
    clearTimeout(timer);
    if (going()) timer = setTimeout(refresh, GOING_MS);
    else if (!channel) timer = setTimeout(refresh, FALLBACK_MS);
  };

  function update(fresh) {
    const told = [];
    let complete = true;
    for (const part of document.querySelectorAll('[data-follow]')) {
      const replacement = fresh.getElementById(part.id);
      if (!replacement || replacement.innerHTML === part.innerHTML) continue;
      if (part.contains(document.activeElement)) {
        // Held back while the focus is in it: fetched again once the focus has left.
        complete = false;
        if (!waiting.has(part)) {
          waiting.add(part);
          part.addEventListener(
            'focusout',
            () => {
              waiting.delete(part);
              setTimeout(refresh, 0);
            },
            { once: true },
          );
        }
        continue;
      }
      for (const item of replacement.querySelectorAll('[data-announce]')) {
        const key = `${item.dataset.run} ${item.dataset.announce}`;
        if (!said.has(key)) {
          said.add(key);
          told.push(item.dataset.announce);
        }
      }
      part.innerHTML = replacement.innerHTML;
    }
    if (told.length > 0) news.textContent = `${told.join('. ')}.`;
    shown = complete ? versionOf(fresh) : null;
  }

  async function refresh() {
    if (document.hidden) {
      // Nobody sees it now: fetched when the page is seen again.
      stale = true;
      return;
    }
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      const response = await fetch(location.pathname, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } });
      // Signed out meanwhile: the answer is the login form, which has no parts to follow.
      if (response.ok) {
        const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
        update(fresh);
        // Still signed in (the page names a version) and no channel: open it again.
        if (!channel && versionOf(fresh) !== null) listen();
      }
    } catch {
      // The service did not answer this time (a restart): the channel or the next fetch tries again.
    }
    fetching = false;
    if (again) {
      again = false;
      void refresh();
      return;
    }
    next();
  }

  function listen() {
    if (!window.EventSource) return;
    channel = new EventSource(CHANNEL);
    channel.addEventListener('changed', (event) => {
      if (event.data !== shown) void refresh();
    });
    channel.addEventListener('error', () => {
      // Reconnecting by itself (a dropped connection): the first event after tells the version.
      // Closed (refused: signed out, the service stopping): follow by fetching now and then.
      if (channel && channel.readyState === EventSource.CLOSED) {
        channel.close();
        channel = null;
        next();
      }
    });
  }

  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && stale) {
      stale = false;
      void refresh();
    }
  });
  if (shown !== null) listen();
  next();
})();
