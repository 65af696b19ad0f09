import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  // plugin-react resolves its vite types from the root (vitest's vite 8); this build runs vite 7.
  plugins: [react() as unknown as PluginOption],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/auth': api,
      '/students': api,
      '/instructors': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
