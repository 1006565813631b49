import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

/** The tests run on what ships: React and React DOM 19 (decision 014). */
describe('runtime', () => {
  it('is React 19', () => {
    expect(version).toMatch(/^19\./);
    expect(domVersion).toBe(version);
  });
});
