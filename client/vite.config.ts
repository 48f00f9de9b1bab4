import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';
const proxied = ['/private', '/cognito', '/oauth2', '/.well-known', '/config.json', '/dev', '/uploads'];

// root = client/, output = dist/client (the server serves it with a history fallback).
export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  // #client/* imports resolve through package.json "imports" (Vite 8 supports subpath imports natively).
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/graphql': { target: backend, ws: true, changeOrigin: true },
      ...Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
    },
  },
});
