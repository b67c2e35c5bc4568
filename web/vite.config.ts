import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { basemapAssets } from './build/basemap-assets';
import { precompress } from './build/precompress';

/** The gateway serves REST and the online-user websocket under /api. */
const gatewayProxy = {
  '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react(), basemapAssets(), precompress()],
  server: { proxy: gatewayProxy },
  preview: { proxy: gatewayProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route pages are `lazy(() => import(...))`, so each becomes its own chunk;
    // the login route only loads the entry chunk.
    chunkSizeWarningLimit: 600,
  },
});
