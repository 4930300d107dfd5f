/**
 * Firefox ESR through Puppeteer over WebDriver BiDi, which Firefox speaks itself: no driver to
 * download. Each journey gets a fresh browser context; the page's clock is pinned to the
 * build's moment before its scripts run, and its console errors and CSP violations are kept.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Engine, EnginePage } from './engine';

/**
 * Before the page's own scripts: its clock stands still at the build's moment (as in the
 * Playwright tests), and CSP violations are logged as console errors.
 */
function pageSetup(fixedNow: string): string {
  return `(() => {
    const fixed = ${JSON.stringify(new Date(fixedNow).getTime())};
    const RealDate = Date;
    class FixedDate extends RealDate {
      constructor(...args) { if (args.length === 0) super(fixed); else super(...args); }
      static now() { return fixed; }
    }
    window.Date = FixedDate;
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error('Content Security Policy: ' + event.violatedDirective + ' blocked ' + event.blockedURI);
    });
  })();`;
}

export async function firefox(baseUrl: string, fixedNow: string): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'nn-NO, nb-NO, no' },
  });
  const contexts: Awaited<ReturnType<Browser['createBrowserContext']>>[] = [];
  return {
    name: 'firefox',
    async page(width, height) {
      const context = await browser.createBrowserContext();
      contexts.push(context);
      const tab: Page = await context.newPage();
      await tab.setViewport({ width, height });
      await tab.emulateTimezone('Europe/Oslo');
      const seen: string[] = [];
      tab.on('console', (message) => {
        if (message.type() === 'error') seen.push(`console: ${message.text()}`);
      });
      tab.on('pageerror', (error) => seen.push(`error: ${String(error)}`));
      // A string, not a function: the test runner's compiler would add helpers the page lacks.
      await tab.evaluateOnNewDocument(pageSetup(fixedNow));
      const page: EnginePage = {
        engine: 'firefox',
        async open(path) {
          seen.length = 0;
          await page.goto(path);
        },
        async goto(path) {
          await tab.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
        },
        press: (key) => tab.keyboard.press(key),
        async type(text) {
          for (const letter of text) await tab.keyboard.press(letter as never);
        },
        evaluate: (fn, ...args) => tab.evaluate(fn as never, ...(args as unknown as never[])),
        async back() {
          await tab.evaluate(() => history.back());
        },
        async reload() {
          await tab.reload({ waitUntil: 'load' });
        },
        url: () => Promise.resolve(tab.url()),
        problems: () => Promise.resolve([...seen]),
      };
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
    },
  };
}
