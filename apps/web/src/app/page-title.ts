/** What a route may say about itself in the route table (`handle`). */
interface RouteHandle {
  /** The page's name in the browser tab and history, before "| Karta". */
  title?: string;
}

const BRAND = 'Karta';

/**
 * The tab title for the matched routes: the deepest route that names itself, so a list inside a
 * page (the overview's trade tab) keeps its page's name. Used by the browser (root layout) and by
 * the build's pre-rendering, so a pre-rendered page is titled before any script runs.
 */
export function pageTitle(matches: readonly { route?: { handle?: unknown }; handle?: unknown }[]) {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const handle = (match?.handle ?? match?.route?.handle) as RouteHandle | undefined;
    if (handle?.title) return `${handle.title} | ${BRAND}`;
  }
  return BRAND;
}
