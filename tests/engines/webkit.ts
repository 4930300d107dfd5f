/**
 * WebKitGTK (Safari's engine) through Debian's WebKitWebDriver and WebdriverIO. The driver is
 * classic WebDriver only (no BiDi in Debian's build), so the page's console cannot be read and
 * no script runs before the page's own: problems() reports CSP violations through a buffered
 * ReportingObserver and uncaught errors from the moment of the check on. One session serves
 * every journey (a session takes seconds to start); open() clears its storage and cookies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { remote, Key as WdioKey } from 'webdriverio';
import type { Engine, EnginePage, Key } from './engine';

const KEYS: Record<Key, string> = { Tab: WdioKey.Tab, Enter: WdioKey.Enter, Escape: WdioKey.Escape };
/** WebKitGTK's own browser, which the driver starts (Debian's libwebkit2gtk-4.1-0 ships it per architecture). */
function miniBrowser(): string {
  const found = readdirSync('/usr/lib')
    .map((dir) => join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser'))
    .find((path) => existsSync(path));
  if (!found) throw new Error('no WebKitGTK MiniBrowser under /usr/lib/*/webkit2gtk-4.1 (apt-get install webkit2gtk-driver)');
  return found;
}

async function waitForDriver(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function webkit(baseUrl: string, driverPort: number): Promise<Engine> {
  const driver: ChildProcess = spawn('WebKitWebDriver', [`--port=${driverPort}`, '--host=127.0.0.1'], { stdio: 'ignore' });
  await waitForDriver(driverPort);
  const browser = await remote({
    hostname: '127.0.0.1',
    port: driverPort,
    logLevel: 'error',
    capabilities: { 'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] } } as WebdriverIO.Capabilities,
  });
  let size = { width: 0, height: 0 };
  const page: EnginePage = {
    engine: 'webkit',
    async open(path) {
      await browser.url(`${baseUrl}/`);
      await browser.execute(() => localStorage.clear());
      await browser.deleteAllCookies();
      await page.goto(path);
    },
    async goto(path) {
      await browser.url(`${baseUrl}${path}`);
    },
    async press(key) {
      await browser.keys([KEYS[key]]);
    },
    async type(text) {
      for (const letter of text) await browser.keys([letter]);
    },
    evaluate: (fn, ...args) => browser.execute(fn as never, ...(args as unknown as never[])) as never,
    back: () => browser.back(),
    reload: () => browser.refresh(),
    url: () => browser.getUrl(),
    async problems() {
      return browser.execute(
        () =>
          new Promise<string[]>((resolve) => {
            const found: string[] = [];
            if (!('ReportingObserver' in window)) return resolve(['no ReportingObserver to read CSP reports with']);
            const observer = new ReportingObserver(
              (reports) => {
                for (const report of reports) found.push(`${report.type}: ${JSON.stringify(report.body)}`);
              },
              { types: ['csp-violation'], buffered: true },
            );
            observer.observe();
            setTimeout(() => {
              for (const report of observer.takeRecords()) found.push(`${report.type}: ${JSON.stringify(report.body)}`);
              resolve(found);
            }, 50);
          }),
      );
    },
  };
  return {
    name: 'webkit',
    async page(width, height) {
      if (size.width !== width || size.height !== height) {
        // The window's outer size: add what the browser's own frame takes.
        await browser.setWindowSize(width, height);
        const inner = await browser.execute(() => [window.innerWidth, window.innerHeight]);
        await browser.setWindowSize(width + (width - inner[0]!), height + (height - inner[1]!));
        size = { width, height };
      }
      return page;
    },
    async close() {
      try {
        await browser.deleteSession();
      } finally {
        driver.kill();
      }
    },
  };
}
