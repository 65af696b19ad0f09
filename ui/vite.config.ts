import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.EVERGRADE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
