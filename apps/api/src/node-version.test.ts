import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from './config';

/**
 * Decision 055: Node 24 LTS on a machine whose own Node is older. The `node` package (a
 * devDependency) puts its binary in node_modules/.bin, which npm puts first on every script's
 * PATH: `npm start`, `npm test`, every `npm run …`, and what they start with process.execPath
 * (the e2e harness, the cluster's processes, whose own version cluster.cluster.ts checks).
 */
const REPO_ROOT = path.resolve(API_ROOT, '../..');
const installed = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/node/package.json'), 'utf8')) as {
    version: string;
  }
).version;

describe('the Node that runs Karta', () => {
  it('is Node 24, the version the lockfile installed, in this Vitest worker', () => {
    expect(installed).toMatch(/^24\./);
    expect(process.version).toBe(`v${installed}`);
  });

  it('is the one every npm script finds first on its PATH', () => {
    // `npm run env` prints the environment npm gives a script (an npm built-in, no script of ours).
    const scriptEnv = execFileSync('npm', ['run', '--silent', 'env'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    const scriptPath = /^PATH=(.*)$/m.exec(scriptEnv)?.[1];
    expect(scriptPath).toBeDefined();
    const version = execFileSync('node', ['-p', 'process.version'], {
      env: { PATH: scriptPath },
      encoding: 'utf8',
    }).trim();
    expect(version).toBe(`v${installed}`);
  });
});
