import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.EVERGRADE_API_URL ?? 'http://localhost:3000';

/** /admin and /dev are both API prefixes and pages: a browser asking for a page gets the SPA. */
const apiOrPage = {
  target: api,
  bypass: (req: { headers: { accept?: string } }) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/auth': api,
      '/students': api,
      '/instructors': api,
      '/admin': apiOrPage,
      '/dev': apiOrPage,
      '/grader': api,
      '/editor': api,
      '/blobs': api,
      '/document-processor': api,
      '/chatbot': api,
      '/school': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
