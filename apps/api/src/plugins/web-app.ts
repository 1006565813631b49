import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { routedPath } from '../lib/request-path';

/**
 * Paths the single-page app never owns: unknown ones there are API 404s, not the app. `/metrics`
 * is served on its own port only (METRICS_PORT); here it is a plain 404.
 */
const API_PREFIXES = ['/api/', '/dev/', '/healthz', '/readyz', '/metrics'];

/**
 * The app's addresses as the build listed them (dist/routes.json: `/dashboard/trade`,
 * `/console/trades/:id`, …), as one test; null without the file (a stand-in build), when every
 * page address is taken to be the app's.
 */
function readAppAddresses(distDir: string): ((page: string) => boolean) | null {
  const file = path.join(distDir, 'routes.json');
  if (!existsSync(file)) return null;
  const patterns = JSON.parse(readFileSync(file, 'utf8')) as string[];
  const segment = (part: string) =>
    part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const expressions = patterns.map(
    (pattern) => new RegExp(`^${pattern.split('/').map(segment).join('/')}$`, 'i'),
  );
  return (page) => expressions.some((expression) => expression.test(page));
}

interface WebAppOptions {
  distDir: string;
  /**
   * Serve the build's `.map` files. Off in production: a source map hands anyone the app's
   * source as written, the operator console's included (decision 050).
   */
  serveSourceMaps: boolean;
}

/**
 * Serves the built web app from the same origin as the API (so the refresh cookie is
 * first-party), with history fallback: any other GET that wants HTML gets index.html and the
 * app's router decides, so deep links such as /dashboard/settings/account/edit-profile work;
 * an address the app has no page for is answered 404 with the same app.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  const isAppAddress = hasWebApp ? readAppAddresses(options.distDir) : null;
  // Pages the web build rendered to HTML ahead of time (apps/web/scripts/prerender.mjs).
  const prerenderedDir = path.join(options.distDir, 'prerendered');
  const prerendered = new Set(
    existsSync(prerenderedDir)
      ? readdirSync(prerenderedDir)
          .filter((name) => name.endsWith('.html'))
          .map((name) => `/${name.slice(0, -'.html'.length)}`)
      : [],
  );
  // The SPA shell with the dashboard's skeleton painted in (decision 043: a slow network showed a
  // blank screen until the app's code arrived): served for every /dashboard address.
  const hasDashboardShell = prerendered.delete('/dashboard-shell');
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // Files left out here get no route: a request for one is the not-found handler's 404.
      ...(options.serveSourceMaps ? {} : { globIgnore: ['**/*.map'] }),
      // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints assets, so they can be cached for good; index.html never is.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        }
        // The service worker and the manifest keep their names from build to build: the browser
        // must ask again each time to see a new version (decision 041).
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (name === 'sw.js' || name === 'manifest.webmanifest') {
          void res.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app not built: run npm run build');
  }

  app.setNotFoundHandler((request, reply) => {
    // Decoded and normalised as the router reads it: `/%61pi/...` is the API's, not a page.
    const url = routedPath(request);
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    // A missing file (an old chunk after a deploy) is a 404, never index.html served as script.
    const isFile = /\.[a-z0-9]+$/i.test(url);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isFile;
    if (wantsPage && hasWebApp) {
      const page = url.replace(/\/+$/, '') || '/';
      const file = prerendered.has(page)
        ? `prerendered${page}.html`
        : hasDashboardShell && (page === '/dashboard' || page.startsWith('/dashboard/'))
          ? 'prerendered/dashboard-shell.html'
          : 'index.html';
      // An address the app has no page for still gets the app, which shows its "not found"
      // page, but with the status that tells browsers, crawlers and monitors so.
      const status = isAppAddress && !isAppAddress(page) ? 404 : 200;
      return reply.code(status).header('cache-control', 'no-cache').sendFile(file);
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${url}.`);
  });
});
