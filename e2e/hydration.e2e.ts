import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './support/harness.mjs';
import { describe, expect, test } from './support/test';

/**
 * The pages the build pre-renders (apps/web/scripts/prerender.mjs), as it wrote them. The
 * dashboard's skeleton (dashboard-shell.html, decision 043) is not a page of its own: the server
 * answers every /dashboard address with it, and the app replaces it rather than hydrating it.
 */
const PRERENDERED = readdirSync(path.join(REPO_ROOT, 'apps/web/dist/prerendered'))
  .filter((file) => file.endsWith('.html') && file !== 'dashboard-shell.html')
  .map((file) => `/${file.slice(0, -'.html'.length)}`);

describe('pre-rendered pages', () => {
  test('hydrate to what the HTML showed, with nothing logged as an error or a warning', async ({
    page,
  }) => {
    expect(PRERENDERED.length).toBeGreaterThan(0);
    // React reports a mismatch it recovered from ("Hydration failed…", minified error #418 in
    // the production build: it re-renders the page on the client) as a console error or an
    // uncaught error; anything else logged while hydrating fails the test too.
    const logged: string[] = [];
    let current = '';
    page.on('pageerror', (error) => logged.push(`${current}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        logged.push(`${current}: ${message.text()}`);
      }
    });
    // The API never answers: the page stays as a first visitor sees it before any data, which
    // is what the HTML was rendered as (docs/decisions/007-pre-rendered-public-pages.md).
    await page.route('**/api/**', () => undefined);
    for (const pagePath of PRERENDERED) {
      current = pagePath;
      const response = await page.goto(pagePath, { waitUntil: 'domcontentloaded' });
      const html = (await response?.text()) ?? '';
      const served = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1];
      expect(served, `${pagePath} is served pre-rendered`).toBeTruthy();
      // Its scripts start after the first paint (apps/web/scripts/defer-app-start.mjs): none is
      // asked for by the HTML itself, so none shares a slow network with the HTML and CSS.
      expect(html, pagePath).not.toMatch(/type="module"|rel="modulepreload"/);
      expect(html, pagePath).toMatch(
        /<script defer src="\/assets\/start-app-[\w-]+\.js"><\/script>/,
      );
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated))
        .toBe('true');
      const [before, after] = await page.evaluate((servedHtml) => {
        // Each element in document order, as its tag and its own text: what a visitor reads.
        // react-toastify's container (added after hydration, empty) is left out.
        const outline = (root: Element | null) => {
          const lines: string[] = [];
          const walk = (element: Element) => {
            if (element.classList.contains('Toastify')) return;
            const text = Array.from(element.childNodes)
              .filter((node): node is Text => node.nodeType === Node.TEXT_NODE)
              .map((node) => node.data)
              .join('')
              .replace(/\s+/g, ' ')
              .trim();
            lines.push(`${element.tagName} ${text}`);
            for (const child of Array.from(element.children)) walk(child);
          };
          for (const child of Array.from(root?.children ?? [])) walk(child);
          return lines;
        };
        const parsed = document.createElement('div');
        parsed.innerHTML = servedHtml;
        return [outline(parsed), outline(document.getElementById('root'))];
      }, served ?? '');
      expect(after, pagePath).toEqual(before);
    }
    expect(logged).toEqual([]);
  });
});
