// The status page follows the runs without a reload (served as /staff/status.js; the page's
// CSP allows scripts from the service only). It fetches the page again every few seconds while
// a run waits or goes (less often when none does), swaps the parts marked data-follow, and says
// in the polite live region what changed (a new run, a new step, how one ended). It never moves
// focus (but once to an action's result at load): a part that holds the focus is left as it is until the focus has left it.
(() => {
  // The result of an action (?melding=) is in the status region when the page loads, which many
  // screen readers do not announce: the focus goes to it once, so it is read.
  document.getElementById('melding')?.focus();
  const news = document.getElementById('runs-news');
  if (!news || !window.fetch || !window.DOMParser) return;
  const GOING_MS = 2000;
  const IDLE_MS = 20000;
  const going = () => document.querySelector('[data-follow] [data-state="queued"], [data-follow] [data-state="running"]') !== null;
  let timer;
  const next = () => {
    clearTimeout(timer);
    timer = setTimeout(poll, going() ? GOING_MS : IDLE_MS);
  };

  function update(fresh) {
    const said = [];
    for (const part of document.querySelectorAll('[data-follow]')) {
      const replacement = fresh.getElementById(part.id);
      if (!replacement || replacement.innerHTML === part.innerHTML) continue;
      if (part.contains(document.activeElement)) continue;
      const before = new Map([...part.querySelectorAll('[data-announce]')].map((item) => [item.dataset.run, item.dataset.announce]));
      for (const item of replacement.querySelectorAll('[data-announce]'))
        if (before.get(item.dataset.run) !== item.dataset.announce) said.push(item.dataset.announce);
      part.innerHTML = replacement.innerHTML;
    }
    if (said.length > 0) news.textContent = `${said.join('. ')}.`;
  }

  async function poll() {
    try {
      if (!document.hidden) {
        const response = await fetch(location.pathname, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } });
        // Signed out meanwhile: the answer is the login form, which has no parts to follow.
        if (response.ok) update(new DOMParser().parseFromString(await response.text(), 'text/html'));
      }
    } catch {
      // The service did not answer this time (a restart): the next poll tries again.
    }
    next();
  }

  next();
})();
