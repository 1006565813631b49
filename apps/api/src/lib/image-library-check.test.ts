import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imageLibraryProblem } from './image-library-check';
import { StartupError } from './startup-error';

/**
 * sharp loads on the first upload (decision 045), so the start asks a child process whether it
 * can: a binary that is missing or built for another platform still stops the start.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'karta-image-check-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the start-up check of the image library', () => {
  it('passes for the sharp this machine has installed', async () => {
    expect(await imageLibraryProblem()).toBeUndefined();
  });

  it("stops the start with the first line of the library's own error", async () => {
    // What sharp throws when its binary does not match the platform.
    const broken = path.join(dir, 'broken-sharp.mjs');
    writeFileSync(
      broken,
      'throw new Error(\'Could not load the "sharp" module using the linux-x64 runtime\\nPossible solutions:\\n- Reinstall\');',
    );
    const problem = await imageLibraryProblem(broken);
    expect(problem).toBeInstanceOf(StartupError);
    expect(problem?.message).toBe(
      `the image library ${broken} cannot be loaded (Could not load the "sharp" module using the linux-x64 runtime)`,
    );
    expect(problem?.hint).toMatch(/^Install the dependencies again on this machine \(npm ci\)/);
  });

  it('stops the start when the library is not installed at all', async () => {
    const problem = await imageLibraryProblem('karta-no-such-image-library');
    expect(problem?.message).toMatch(
      /^the image library karta-no-such-image-library cannot be loaded \(Cannot find module/,
    );
  });
});
