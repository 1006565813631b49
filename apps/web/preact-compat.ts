import path from 'node:path';
import type { Alias } from 'vite';

/**
 * The app is written against React's API and runs on Preact's compatibility layer
 * (docs/decisions/009): every import of React or React DOM, ours and our dependencies', goes
 * to preact/compat. The build, the pre-render and the web tests all use these, so the tests
 * exercise what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  {
    // react-redux's useSelector: the package is CommonJS only (see the module).
    find: /^use-sync-external-store\/with-selector(\.js)?$/,
    replacement: path.join(import.meta.dirname, 'src/lib/use-sync-external-store-with-selector.ts'),
  },
];

/**
 * The web tests' extra alias: Testing Library's CommonJS build would require the real React
 * DOM; its ES module build goes through the aliases above.
 */
export const testingLibraryAlias: Alias = {
  find: /^@testing-library\/react$/,
  replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
};

/**
 * Dependencies that import React: the web tests run them through Vite (not Node's resolver)
 * so that the aliases above apply to them too.
 */
export const reactDependencies = [
  '@testing-library/react',
  '@reduxjs/toolkit',
  'react-redux',
  'react-router',
  'react-hook-form',
  '@hookform/resolvers',
  'react-toastify',
];
