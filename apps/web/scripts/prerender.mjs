// Pre-renders the public and guest pages into dist/prerendered/<page>.html after `vite build`,
// titled, and lists the addresses the app owns in dist/routes.json:
// a server-side build of src/prerender-entry.tsx (which lists them) renders each one into
// dist/index.html's root.
// The API serves these files for their paths (apps/api/src/plugins/web-app.ts).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { deferAppStart } from './defer-app-start.mjs';

/** The page the server answers every /dashboard address with (apps/api/src/plugins/web-app.ts). */
const DASHBOARD_SHELL = 'dashboard-shell';
const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrOut = path.join(webRoot, 'node_modules/.prerender');

await build({
  root: webRoot,
  logLevel: 'warn',
  // Everything bundled in: the output runs once, here, and never meets Node's resolver quirks.
  ssr: { noExternal: true },
  build: { ssr: 'src/prerender-entry.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false },
});
const {
  PRERENDERED_PAGES,
  renderPage,
  appAddresses,
  renderDashboardShell,
  QUEUE_EARLY_SUBMIT_SCRIPT,
  EARLY_DASHBOARD_REQUESTS_SCRIPT,
} = await import(pathToFileURL(path.join(ssrOut, 'prerender-entry.js')).href);

/** Titles are plain text from the route table; `&` and `<` are all they could hold. */
const escapeHtml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/**
 * A script inline in the head, before anything else can hold up the parser: one of the two the
 * API's Content Security Policy allows by hash (@karta/shared/inline-scripts, decision 074).
 */
const withInlineScript = (html, source) =>
  html.replace('</title>', `</title>\n    <script>${source}</script>`);

// Guest pages: a submit pressed before the app's script arrives is held, not sent as a GET.
const template = withInlineScript(
  deferAppStart(readFileSync(path.join(dist, 'index.html'), 'utf8'), dist),
  QUEUE_EARLY_SUBMIT_SCRIPT,
);
const outDir = path.join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
for (const page of PRERENDERED_PAGES) {
  const { html, title } = await renderPage(page);
  const document = template
    .replace('<title>Karta</title>', `<title>${escapeHtml(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  writeFileSync(path.join(outDir, `${page.slice(1)}.html`), document);
}
/** The files a chunk imports statically, and theirs (Rolldown writes them as `from"./x.js"`). */
function staticImports(file, seen = new Set()) {
  const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
  for (const [, name] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) {
    if (seen.has(name)) continue;
    seen.add(name);
    staticImports(name, seen);
  }
  return seen;
}

/**
 * The dashboard's first screen (its one chunk, apps/web/scripts/dashboard-chunk.mjs) and what it imports,
 * asked for by the HTML beside the entry instead of after the entry has run (decision 074): on
 * a slow network that is one round trip less. At low priority, so the session and data requests
 * of the head's script go first (they are small; the code needs them anyway).
 */
function withDashboardPreloads(html) {
  const dashboardChunk = readdirSync(path.join(dist, 'assets')).find((name) =>
    /^dashboard-[\w-]+\.js$/.test(name),
  );
  if (!dashboardChunk) throw new Error('prerender: no dashboard chunk in dist/assets');
  const files = [dashboardChunk, ...staticImports(dashboardChunk)].filter(
    (name) => !html.includes(`/assets/${name}"`),
  );
  const links = files
    .map(
      (name) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/${name}">`,
    )
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

/**
 * The style sheet in the page itself (decision 074): a browser paints nothing until a linked
 * style sheet has arrived, and on a slow network that is one more round trip (2 s, longer
 * behind the scripts on six connections) of a blank screen after the dashboard's HTML is in.
 */
function withStylesInline(html) {
  const link = /<link rel="stylesheet" crossorigin href="\/assets\/([\w.-]+\.css)">/;
  const file = link.exec(html)?.[1];
  if (!file) throw new Error('prerender: no style sheet in dist/index.html');
  const css = readFileSync(path.join(dist, 'assets', file), 'utf8');
  return html.replace(link, () => `<style>${css}</style>`);
}

// Every /dashboard address: Vite's own head (the code is needed at once), and the dashboard's
// skeleton over the empty root until the app renders (decision 043); the session and the
// dashboard's data asked for from the head, beside the code (decision 074).
const spaShell = withInlineScript(
  readFileSync(path.join(dist, 'index.html'), 'utf8'),
  EARLY_DASHBOARD_REQUESTS_SCRIPT,
);
writeFileSync(
  path.join(outDir, `${DASHBOARD_SHELL}.html`),
  withStylesInline(withDashboardPreloads(spaShell)).replace(
    '<div id="root"></div>',
    `<div id="boot" class="fixed inset-0 z-50 overflow-hidden">${renderDashboardShell()}</div><div id="root"></div>`,
  ),
);
// The addresses the app owns, for the server's 404 status (apps/api/src/plugins/web-app.ts).
writeFileSync(path.join(dist, 'routes.json'), `${JSON.stringify(appAddresses(), null, 1)}\n`);
rmSync(ssrOut, { recursive: true, force: true });
console.log(`pre-rendered ${PRERENDERED_PAGES.length} pages into dist/prerendered`);
