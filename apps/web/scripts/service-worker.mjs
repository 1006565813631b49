// Writes dist/sw.js from service-worker/sw.js after `vite build`: the files the app's shell needs
// to start without a network (index.html and what it loads: entry script, style sheet, preloaded
// modules, manifest, icons), and a version named by them, so each build's worker replaces the
// last one and its cache (decision 041).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const loaded = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
const precache = [
  '/index.html',
  // The page every /dashboard address gets (dashboard-shell.html), served from here (decision 074).
  '/dashboard',
  ...new Set(loaded),
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
];
const source = readFileSync(path.join(webRoot, 'service-worker/sw.js'), 'utf8');
// Assets are named by their content; the files kept under their own names (manifest, icons)
// count by content, so a new icon alone makes a new version too.
const hash = createHash('sha256').update(source).update(index).update(JSON.stringify(precache));
const ownNames = [
  'manifest.webmanifest',
  'favicon.svg',
  ...readdirSync(path.join(dist, 'icons')).map((name) => `icons/${name}`),
];
for (const file of ownNames) hash.update(readFileSync(path.join(dist, file)));
const version = hash.digest('base64url').slice(0, 10);
const worker = source
  .replace("'__KARTA_VERSION__'", JSON.stringify(version))
  .replace("/** @type {any} */ ('__KARTA_PRECACHE__')", JSON.stringify(precache));
if (worker.includes('__KARTA_')) throw new Error('service-worker: a placeholder was left in sw.js');
writeFileSync(path.join(dist, 'sw.js'), worker);
console.log(`service worker ${version}: ${precache.length} files for the shell`);
