/**
 * `npm run bench`: the API benchmark (bench/api/, run from its TypeScript source through tsx),
 * then the web benchmark (bench/web.mjs) on the build `npm run bench` has just made. npm hands a
 * script's extra arguments to its last command only, so this one takes them for both: `--only`
 * picks among the API's groups (auth, catalog, trades, withdrawals, sellers, overview, books,
 * audit, rates, cluster) and web; `--quick`, `--duration N` and `--profile DIR` are the API's.
 * `npm run bench:api` runs the API half alone (bench/api/run.ts, same options), `npm run
 * bench:web` the web half, with its own options.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    profile: { type: 'string' },
  },
});
const only = values.only?.split(',').map((name) => name.trim());
const apiGroups = only?.filter((name) => name !== 'web');
const apiArgs = [
  ...(apiGroups ? ['--only', apiGroups.join(',')] : []),
  ...(values.quick ? ['--quick'] : []),
  ...(values.duration === undefined ? [] : ['--duration', values.duration]),
  ...(values.profile === undefined ? [] : ['--profile', values.profile]),
];

/** Runs one benchmark in the foreground; a failed one stops the rest, as `&&` would. */
function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `--import tsx` is inherited by the load generator the API benchmark forks.
if (!apiGroups || apiGroups.length > 0) run(['--import', 'tsx', 'bench/api/run.ts', ...apiArgs]);
if (!only || only.includes('web')) run(['bench/web.mjs', '--skip-build']);
