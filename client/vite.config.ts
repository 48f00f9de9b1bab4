import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueAsJson } from './scripts/catalogue-as-json.ts';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';
const proxied = ['/private', '/cognito', '/oauth2', '/.well-known', '/config.json', '/dev', '/uploads'];

// root = client/, output = dist/client (the server serves it with a history fallback).
export default defineConfig({
  root: clientRoot,
  plugins: [
    react(),
    tailwindcss(),
    catalogueAsJson(),
    // Installable app and service worker (ADR 043): the worker is ours (src/sw/sw.ts, web push too);
    // the page registers it itself (src/app/serviceWorker.ts) and asks before updating.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The shell: hashed assets, icons and the offline page with its language script. Never
        // index.html (the server writes the runtime config into it) and nothing of the API.
        globPatterns: ['assets/**/*.{js,css}', 'icons/*.{png,svg}', 'offline.html', 'offline.js'],
        globIgnores: ['index.html'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Squad — Etkinlik bul, oluştur, katıl',
        short_name: 'Squad',
        description: 'Yakınındaki ya da online etkinlikleri bul, oluştur, katıl.',
        lang: 'tr',
        dir: 'ltr',
        start_url: '/dashboard/physical',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b0614',
        background_color: '#0b0614',
        categories: ['social', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  // #client/* imports resolve through package.json "imports" (Vite 8 supports subpath imports natively).
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    // BUILD_SOURCEMAP=1 for profiling the built app (the maps are not served in production builds).
    sourcemap: process.env.BUILD_SOURCEMAP === '1',
    // The server reads it to preload a page's chunks from index.html (server/app/spa-preload.ts).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on a page's first load (ADR 044): on a phone each request costs a round
        // trip, and the physical dashboard waited on 44 chunks of mostly 1–3 kB. The dashboard's shared
        // feature code travels as one chunk and the small UI pieces and helpers as another (19 files);
        // the sign-in pages never load the first. The groups take modules without their dependencies,
        // so modules run in their source order by rolldown's strict execution order.
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            {
              name: 'dashboard-shared',
              test: /client[\\/]src[\\/](apollo|features[\\/](?!(auth|map)[\\/]))/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 20,
            },
            {
              name: 'ui',
              test: /client[\\/]src[\\/](components|lib[\\/](?!i18n[\\/]messages))/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 10,
            },
          ],
        },
      },
    },
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
