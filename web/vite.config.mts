import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One single-page build for /book/… (and, later, /console/…): the gateway serves dist/ with index.html as the
// fallback. Assets live under /book/assets/ with content hashes; no inline script or style is emitted, so
// the pages run under a CSP of 'self' only (gateway/src/web.ts).
export default defineConfig({
  base: '/book/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
