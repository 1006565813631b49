// A pre-rendered page is readable before any script runs, so its scripts need not share a slow
// network with its HTML and CSS. Vite's head asks for the entry and every static import at once
// (a module script and modulepreload links); on a pre-rendered page they are replaced by one
// small deferred script that asks for the same files after the first paint (decision 014).
// The SPA shell (dist/index.html, empty until the app runs) keeps Vite's head.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The loader's source: the same requests as Vite's head, started after a frame has painted. */
function loaderSource(entry, preloads) {
  return `// Starts the app after the first paint (apps/web/scripts/defer-app-start.mjs).
(function () {
  var isStarted = false;
  function start() {
    if (isStarted) return;
    isStarted = true;
    ${JSON.stringify(preloads)}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  }
  // The frame after the next one has painted; a hidden tab paints no frame, so a timer too.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
`;
}

/**
 * Writes the loader into dist/assets (named by its content, as Vite names assets, so it can be
 * cached for good) and returns the template with Vite's module tags swapped for it.
 */
export function deferAppStart(template, dist) {
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  if (!entry) throw new Error('defer-app-start: no module entry script in dist/index.html');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const source = loaderSource(entry, preloads);
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const loader = `/assets/start-app-${hash}.js`;
  writeFileSync(path.join(dist, loader), source);
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `<script defer src="${loader}"></script>\n  </head>`);
}
