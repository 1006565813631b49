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

/**
 * The loader's source: the same requests as Vite's head, started in the frame after the first
 * paint (a hidden tab paints no frame, so a one-second timer too). Written small by hand: every
 * visitor downloads it before anything else (the assets' common folder is joined on at run time).
 */
function loaderSource(entry, preloads) {
  const names = JSON.stringify(preloads.map((href) => href.replace(/^\/assets\//, '')));
  return (
    '(function(){var s=0;function go(){if(s)return;s=1;' +
    names +
    '.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";' +
    'l.crossOrigin="";l.href="/assets/"+h;document.head.appendChild(l)});' +
    'var t=document.createElement("script");t.type="module";t.crossOrigin="";t.src=' +
    JSON.stringify(entry) +
    ';document.head.appendChild(t)}requestAnimationFrame(function(){setTimeout(go,0)});' +
    'setTimeout(go,1e3)})();\n'
  );
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
