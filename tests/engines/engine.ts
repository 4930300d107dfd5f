/**
 * What a journey needs from a browser, whichever client drives it: WebdriverIO over classic
 * WebDriver for WebKitGTK (webkit.ts), Puppeteer over WebDriver BiDi for Firefox (firefox.ts).
 */
export type Key = 'Tab' | 'Enter' | 'Escape';

export interface EnginePage {
  readonly engine: string;
  /** Opens a path of the site at a fresh state (no storage, no cookies). */
  open(path: string): Promise<void>;
  goto(path: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Types one key at a time (WebKitGTK's driver can drop a repeated letter in a whole string). */
  type(text: string): Promise<void>;
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  back(): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Console errors and CSP violations seen since the last open(), where the client can see them. */
  problems(): Promise<string[]>;
}

export interface Engine {
  readonly name: string;
  /** A page with a viewport `width` CSS pixels wide. */
  page(width: number, height: number): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Waits until `fn` returns a truthy value in the page; fails with `what` after `timeoutMs`. */
export async function waitFor<A extends unknown[]>(page: EnginePage, what: string, fn: (...args: A) => unknown, ...args: A): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last: unknown;
  for (;;) {
    try {
      if (await page.evaluate(fn, ...args)) return;
    } catch (error) {
      // A navigation in progress: the page's context is being replaced.
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${page.engine}: timed out waiting for ${what}${last ? ` (${last instanceof Error ? last.message : JSON.stringify(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function waitForUrl(page: EnginePage, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  let url = '';
  while (!pattern.test((url = await page.url()))) {
    if (Date.now() > deadline) throw new Error(`${page.engine}: expected a URL matching ${pattern}, still at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
