import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    // Whole flows typed with user-event take 1–2 s alone; on CI's 2 cores, shared with the
    // other projects, the default 5 s is too tight.
    testTimeout: 15_000,
  },
});
