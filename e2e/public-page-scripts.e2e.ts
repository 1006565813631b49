import { describe, expect, test } from './support/test';

/**
 * The libraries a public page must not download before it is interactive (decision 076), each
 * found by a text its production build keeps. Redux Toolkit with immer comes with the first API
 * call (RTK Query), zod with a form's validation on first use, react-hook-form with a guest
 * form's page: none of them with the public site's entry.
 */
const LIBRARIES = {
  'Redux Toolkit': 'Minified Redux Toolkit error',
  immer: '[Immer]',
  zod: '$ZodType',
  'react-hook-form': 'HookFormContext',
} as const;
type Library = keyof typeof LIBRARIES;

const ALL = Object.keys(LIBRARIES) as Library[];
/** Per page, what it must not fetch while it opens and hydrates, with nothing touched. */
const PAGES: { path: string; absent: Library[] }[] = [
  { path: '/home', absent: ALL },
  { path: '/about', absent: ALL },
  { path: '/terms_of_use', absent: ALL },
  // The calculator reads the catalog through RTK Query; its amounts need no zod (money.ts).
  { path: '/rate-calculator', absent: ['zod', 'react-hook-form'] },
  // The guest forms: the API's code and the validation load on the first focus (decision 014).
  { path: '/login', absent: ['Redux Toolkit', 'immer', 'zod'] },
  { path: '/register', absent: ['Redux Toolkit', 'immer', 'zod'] },
];

describe('public pages', () => {
  test('download none of the libraries only later steps use', async ({ page }) => {
    let scripts: { url: string; text: Promise<string> }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) {
        scripts.push({ url: response.url(), text: response.text().catch(() => '') });
      }
    });
    for (const { path: pagePath, absent } of PAGES) {
      scripts = [];
      await page.goto(pagePath);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated))
        .toBe('true');
      await page.waitForLoadState('networkidle');
      const fetched = await Promise.all(
        scripts.map(async ({ url, text }) => ({ url, text: await text })),
      );
      expect(fetched.length, `${pagePath} fetched its scripts`).toBeGreaterThan(0);
      const found = absent.flatMap((library) =>
        fetched
          .filter(({ text }) => text.includes(LIBRARIES[library]))
          .map(({ url }) => `${library} in ${new URL(url).pathname}`),
      );
      expect(found, pagePath).toEqual([]);
    }
  });
});

/**
 * The dashboard's first screen (the scripts its pre-rendered page asks for beside the entry,
 * decision 074): on slow 3G each file is a share of a 2 s round trip on six connections, so the
 * shell's dialogs and their forms load after it (decision 077), not in it. Measured by
 * `npm run bench:web`; this holds the shape that lets it pass.
 */
describe('the dashboard', () => {
  test('asks for its first screen in a dozen files at most, no form library among them', async ({
    page,
  }) => {
    const response = await page.request.get('/dashboard');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const files = [
      ...html.matchAll(
        /<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+\.js)"/g,
      ),
    ].flatMap(([, file]) => (file ? [file] : []));
    expect(files.length).toBeGreaterThan(2);
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(12);
    const withForms: string[] = [];
    for (const file of files) {
      const text = await (await page.request.get(file)).text();
      if (text.includes(LIBRARIES['react-hook-form'])) withForms.push(file);
    }
    expect(withForms).toEqual([]);
  });
});
