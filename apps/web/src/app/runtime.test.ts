import * as preactCompat from 'preact/compat';
import * as react from 'react';
import * as reactDom from 'react-dom';
import { describe, expect, it } from 'vitest';

/** The tests run on what ships: React's API on Preact's compatibility layer (decision 009). */
describe('runtime', () => {
  it('is preact/compat under the names react and react-dom', () => {
    expect(react.useState).toBe(preactCompat.useState);
    expect(reactDom.createPortal).toBe(preactCompat.createPortal);
  });
});
