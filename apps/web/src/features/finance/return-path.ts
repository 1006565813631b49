import { paths } from '../../config/paths';

/**
 * Where the BVN screen goes when it is done: the dashboard page that sent the user there
 * (router state `from`), else the withdraw screen, which is what a BVN is needed for. Router
 * state is whatever the last page put there, so only a dashboard path is trusted.
 */
export function getReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith(`${paths.dashboard.root.getHref()}/`)
    ? from
    : paths.dashboard.withdraw.getHref();
}
