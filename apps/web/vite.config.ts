import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-compat.ts';

export default defineConfig({
  // JSX as React writes it; Preact has no Fast Refresh runtime, so an edit reloads the page.
  plugins: [react({ refreshExclude: /./ }), tailwindcss()],
  resolve: { alias: preactAliases },
  server: {
    // In development the API runs on :3000; the dev server forwards to it so the app is
    // same-origin there too (the refresh cookie is SameSite=Strict).
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Router uses React 19's useOptimistic when React has it, and a fallback when
        // not: preact/compat has none, which is expected.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic'))
          return;
        warn(warning);
      },
    },
  },
});
