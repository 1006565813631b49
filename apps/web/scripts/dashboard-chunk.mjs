// The dashboard's code in one chunk (decision 074). Left to the bundler, the dashboard's first
// screen was about 45 small files on top of the entry's 14; a browser opens 6 connections to a
// host over HTTP/1.1, so on a slow network (2 s round trips) they came in waves of 6, one
// round trip each: 20 s of waiting for under 100 kB. Every module the dashboard's first screen
// needs that is not already loaded before a public or guest page is interactive (the entry's
// static imports, and each pre-rendered page's own) goes into one chunk, `dashboard`. Other
// signed-in pages that share some of it load that chunk, which a seller already has.
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../src');
const at = (file) => path.join(src, file);
const ENTRY = at('main.tsx');
/** The dashboard's first screen: its layout, the overview and the trades list (dashboard-routes.tsx). */
const DASHBOARD_ROOTS = [
  at('app/layouts/dashboard-layout.tsx'),
  at('app/pages/overview-page.tsx'),
  at('features/trades/components/trade-history.tsx'),
];
/** The route tables whose lazy pages are pre-rendered and must stay as small as they are. */
const PUBLIC_ROUTE_TABLES = [at('app/public-routes.tsx'), at('app/guest-routes.tsx')];

/** The modules `roots` import statically, themselves included. */
function staticClosure(roots, ctx) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

function dashboardOnly(ctx) {
  const publicPages = PUBLIC_ROUTE_TABLES.flatMap(
    (table) => ctx.getModuleInfo(table)?.dynamicallyImportedIds ?? [],
  );
  const loadedBeforeInteractive = staticClosure([ENTRY, ...publicPages], ctx);
  return new Set(
    [...staticClosure(DASHBOARD_ROOTS, ctx)].filter((id) => !loadedBeforeInteractive.has(id)),
  );
}

/** A Rolldown `codeSplitting` group: the name `dashboard` for the modules above, no group else. */
export function dashboardChunkGroup() {
  let members;
  return {
    // Only these modules: the shared ones they import stay where they were (by default a group
    // takes its modules' imports too, React and all, and the entry would then load it).
    includeDependenciesRecursively: false,
    name: (id, ctx) => {
      members ??= dashboardOnly(ctx);
      return members.has(id) ? 'dashboard' : null;
    },
  };
}

/**
 * A Rolldown `codeSplitting` group: every module the entry imports statically, in one `app`
 * chunk beside it. The same bytes before a page is interactive, in 2 files instead of 14: on
 * HTTP/1.1's six connections and 2 s round trips, the waves of files are what cost.
 */
export function appChunkGroup() {
  let members;
  return {
    includeDependenciesRecursively: false,
    name: (id, ctx) => {
      if (!members) {
        members = staticClosure([ENTRY], ctx);
        members.delete(ENTRY);
      }
      return members.has(id) ? 'app' : null;
    },
  };
}
