/**
 * Accessibility checks axe does not make, run in the page: reflow (WCAG 1.4.10), visible focus
 * (2.4.7) and focus kept off <body>. They read the rendered page only, never its markup, so
 * they hold for any page.
 */
import type { Page } from '@playwright/test';

/** The window the browser tests use by default, and 320 px: 1280 px zoomed to 400 % (WCAG 1.4.10). */
export const WIDE = { width: 1280, height: 720 };
export const NARROW = { width: 320, height: 640 };

/**
 * What does not reflow at the current viewport: the document scrolling sideways, and text
 * cut off at the side by an ancestor's overflow. Named scroll containers (role="region" with a
 * name and keyboard focus, such as the tables of lib/site/tables.ts) may hold wider content;
 * visually hidden text (clipped to a pixel on purpose) is left alone.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);
    const name = (element: Element) =>
      `<${element.localName}${element.id ? `#${element.id}` : ''}${element.classList.length ? `.${[...element.classList].join('.')}` : ''}>`;
    type Clip = { kind: 'none' } | { kind: 'stop' } | { kind: 'hidden' } | { kind: 'clip'; left: number; right: number };
    const clips = new Map<Element, Clip>();
    const clipOf = (element: Element): Clip => {
      const known = clips.get(element);
      if (known) return known;
      const style = getComputedStyle(element);
      let clip: Clip = { kind: 'none' };
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const named = element.getAttribute('role') === 'region' && (element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby'));
        if (named && (element as HTMLElement).tabIndex >= 0) clip = { kind: 'stop' };
        else if (element.clientWidth <= 1 || style.clipPath !== 'none' || style.getPropertyValue('clip') !== 'auto') clip = { kind: 'hidden' };
        else {
          const box = element.getBoundingClientRect();
          clip = { kind: 'clip', left: box.left + element.clientLeft, right: box.left + element.clientLeft + element.clientWidth };
        }
      }
      clips.set(element, clip);
      return clip;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length === 0) continue;
      const left = Math.min(...rects.map((rect) => rect.left));
      const right = Math.max(...rects.map((rect) => rect.right));
      for (let element = node.parentElement; element && element !== root; element = element.parentElement) {
        const clip = clipOf(element);
        if (clip.kind === 'stop' || clip.kind === 'hidden') break;
        if (clip.kind === 'clip' && (right > clip.right + 1 || left < clip.left - 1)) {
          problems.push(`text «${node.textContent!.trim().slice(0, 40)}» in ${name(node.parentElement!)} is cut off by ${name(element)}`);
          break;
        }
      }
      if (problems.length > 20) break;
    }
    return problems;
  });
}

/**
 * Remembers how every focusable element and its ancestors look without focus, so that a focus
 * indicator can be told from a style the element always has. Call with nothing focused.
 */
export async function rememberUnfocusedLooks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle}|${style.outlineWidth}|${style.outlineColor}|${style.outlineOffset}|${style.boxShadow}`;
    };
    const looks = new WeakMap<Element, string>();
    // What has focus now (and what holds it) does not look unfocused; it is left out.
    const focused = new Set<Element>();
    for (let current = document.activeElement; current && current !== document.body; current = current.parentElement) focused.add(current);
    const focusable = document.querySelectorAll('a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]');
    for (const element of focusable) {
      for (let current: Element | null = element, depth = 0; current && depth < 4; current = current.parentElement, depth += 1) {
        if (!looks.has(current) && !focused.has(current)) looks.set(current, look(current));
      }
    }
    (window as unknown as { __unfocusedLooks: WeakMap<Element, string> }).__unfocusedLooks = looks;
  });
}

export interface FocusReport {
  /** Short description of the focused element, or 'body'. */
  element: string;
  /** Why focus is not visible there, if it is not. */
  problem?: string;
  /** True when focus is on <body> (or nowhere). */
  onBody: boolean;
  /** Stays the same for one element across calls on the same page. */
  key: string;
}

/**
 * Where focus is, and whether it can be seen: the focused element, or an ancestor up to three
 * levels up (a card outlined by :focus-within), must show an outline or box-shadow it does not
 * have without focus, and that ring must not be cut off by an ancestor's overflow.
 */
export async function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active === document.documentElement) return { element: 'body', onBody: true, key: 'body' };
    const tagged = active as Element & { __focusKey?: string };
    tagged.__focusKey ??= Math.random().toString(36).slice(2);
    const key = tagged.__focusKey;
    const label = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.localName}${element.classList.length ? `.${[...element.classList].join('.')}` : ''}> «${text}»`;
    };
    const element = label(active);
    const looks = (window as unknown as { __unfocusedLooks?: WeakMap<Element, string> }).__unfocusedLooks;
    const px = (value: string) => Number.parseFloat(value) || 0;
    // The outer extent of a ring drawn by this element, or null if it draws none.
    const ring = (candidate: Element): number | null => {
      const style = getComputedStyle(candidate);
      let extent: number | null = null;
      const colour = style.outlineColor;
      if (style.outlineStyle !== 'none' && px(style.outlineWidth) > 0 && !/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent') {
        extent = px(style.outlineOffset) + px(style.outlineWidth);
      }
      if (style.boxShadow !== 'none') {
        for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
          if (/\binset\b/.test(shadow)) {
            extent = Math.max(extent ?? Number.NEGATIVE_INFINITY, 0);
            continue;
          }
          const lengths = [...shadow.replace(/rgba?\([^)]*\)/, '').matchAll(/-?[\d.]+px/g)].map((match) => px(match[0]));
          const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
          extent = Math.max(extent ?? Number.NEGATIVE_INFINITY, Math.max(Math.abs(x), Math.abs(y)) + blur + spread);
        }
      }
      return extent;
    };
    const look = (candidate: Element) => {
      const style = getComputedStyle(candidate);
      return `${style.outlineStyle}|${style.outlineWidth}|${style.outlineColor}|${style.outlineOffset}|${style.boxShadow}`;
    };
    let indicator: Element | null = null;
    let extent = 0;
    for (let current: Element | null = active, depth = 0; current && depth < 4; current = current.parentElement, depth += 1) {
      const drawn = ring(current);
      if (drawn === null) continue;
      const before = looks?.get(current);
      // Without a record of its unfocused look, only the element's own ring counts.
      if (before === undefined ? depth === 0 : before !== look(current)) {
        indicator = current;
        extent = drawn;
        break;
      }
    }
    if (!indicator) return { element, key, onBody: false, problem: 'no outline or box-shadow that appears with focus' };
    const box = indicator.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return { element, key, onBody: false, problem: 'the focused element has no size' };
    const ringBox = { left: box.left - extent, right: box.right + extent, top: box.top - extent, bottom: box.bottom + extent };
    for (let ancestor = indicator.parentElement; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
      const style = getComputedStyle(ancestor);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const outer = ancestor.getBoundingClientRect();
      const clip = {
        left: outer.left + ancestor.clientLeft,
        top: outer.top + ancestor.clientTop,
        right: outer.left + ancestor.clientLeft + ancestor.clientWidth,
        bottom: outer.top + ancestor.clientTop + ancestor.clientHeight,
      };
      if (ringBox.left < clip.left - 1 || ringBox.right > clip.right + 1 || ringBox.top < clip.top - 1 || ringBox.bottom > clip.bottom + 1) {
        return {
          element,
          key,
          onBody: false,
          problem: `the focus ring of ${label(indicator)} is cut off by ${label(ancestor).replace(/ «.*$/, '')} (overflow ${style.overflow})`,
        };
      }
    }
    return { element, key, onBody: false };
  });
}

/**
 * Presses Tab through the whole page from the top and reports every stop where focus is not
 * visible. Stops when focus leaves the document (it lands on <body>) or comes round again.
 */
export async function tabThroughPage(page: Page, limit = 400): Promise<{ stops: number; problems: string[] }> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await rememberUnfocusedLooks(page);
  const problems: string[] = [];
  const seen = new Set<string>();
  let stops = 0;
  for (; stops < limit; stops += 1) {
    await page.keyboard.press('Tab');
    const report = await focusReport(page);
    if (report.onBody || seen.has(report.key)) break;
    seen.add(report.key);
    if (report.problem) problems.push(`${report.element}: ${report.problem}`);
  }
  if (stops >= limit) problems.push(`more than ${limit} Tab stops`);
  return { stops, problems };
}
