/**
 * Ports of one end-to-end run: the two site servers and the sandboxes. Every port can be set;
 * a run with its own E2E_PREVIEW_PORT gets its own sandbox ports too, so two runs can share a
 * machine.
 * @param {Record<string, string | undefined>} env
 */
export function e2ePorts(env = process.env) {
  const custom = env.E2E_PREVIEW_PORT !== undefined;
  const preview = Number(env.E2E_PREVIEW_PORT ?? 4322);
  const pick = (/** @type {string} */ name, /** @type {number} */ standard, /** @type {number} */ offset) =>
    Number(env[name] ?? (custom ? preview + offset : standard));
  return {
    preview,
    nginx: Number(env.E2E_NGINX_PORT ?? 4323),
    sandbox: pick('E2E_SANDBOX_PORT', 4400, 1000),
    filmclub118: pick('E2E_FILMCLUB_118_PORT', 4410, 1010),
    filmclub178: pick('E2E_FILMCLUB_178_PORT', 4411, 1011),
    /** Builds of the site with other partner settings (tests/e2e/filmclub-partners.spec.ts). */
    variant: pick('E2E_VARIANT_PORT', 4352, 30),
  };
}
