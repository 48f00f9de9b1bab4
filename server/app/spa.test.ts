import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { isAppPath, notFoundPage, ROBOTS_TXT, spaContentSecurityPolicy, spaRouter } from './spa.ts';

describe('which paths are the app’s', () => {
  it('knows the route table and sends the rest to a real 404', () => {
    for (const p of [
      '/',
      '/login',
      '/register',
      '/verify',
      '/dashboard',
      '/dashboard/physical',
      '/admin/reports',
      '/suspended',
      '/terms/',
    ])
      expect(isAppPath(p), p).toBe(true);
    for (const p of ['/wp-login.php', '/.env', '/foo', '/dashboardx', '/login/extra'])
      expect(isAppPath(p), p).toBe(false);
  });

  it('writes a 404 page in Turkish and English, and a robots.txt that keeps crawlers out of the API', () => {
    expect(notFoundPage('tr')).toContain('Sayfa bulunamadı');
    expect(notFoundPage('en')).toContain('Page not found');
    for (const p of ['/graphql', '/private/', '/admin', '/dev/'])
      expect(ROBOTS_TXT).toContain(`Disallow: ${p}\n`);
  });
});

describe('SPA content security policy', () => {
  it('allows the tile servers and the identity endpoint, and only our scripts', () => {
    const csp = spaContentSecurityPolicy({
      tileUrl: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png',
      identityEndpoint: 'https://cognito-idp.eu-central-1.amazonaws.com/',
    });
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=';/);
    expect(csp).toContain("img-src 'self' data: blob: https://*.basemaps.cartocdn.com");
    expect(csp).toContain("connect-src 'self' ws: wss: https://cognito-idp.eu-central-1.amazonaws.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});

describe('SPA content security policy for pictures', () => {
  it('allows our public address, the media host and the upload endpoint', () => {
    const csp = spaContentSecurityPolicy({
      tileUrl: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png',
      identityEndpoint: 'http://localhost:3000/cognito/',
      publicUrl: 'http://localhost:3000',
      mediaUrl: 'https://cdn.squad.example/media',
      uploadEndpoint: 'https://squad-uploads.s3.eu-central-1.amazonaws.com',
    });
    expect(csp).toContain(
      "img-src 'self' data: blob: http://localhost:3000 https://cdn.squad.example https://*.basemaps.cartocdn.com",
    );
    expect(csp).toContain(
      "connect-src 'self' ws: wss: http://localhost:3000 https://squad-uploads.s3.eu-central-1.amazonaws.com",
    );
  });
});

describe('the installable app’s files', () => {
  it('serves the service worker, the manifest and the offline page uncached, with their types', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-spa-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="tr"><head></head></html>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Squad"}');
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>offline</title>');
    const app = express().use(spaRouter(dist));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const sw = await fetch(`http://127.0.0.1:${port}/sw.js`);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      expect(sw.headers.get('service-worker-allowed')).toBe('/');
      expect(sw.headers.get('content-type')).toContain('javascript');
      const manifest = await fetch(`http://127.0.0.1:${port}/manifest.webmanifest`);
      expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const offline = await fetch(`http://127.0.0.1:${port}/offline.html`);
      expect(offline.headers.get('cache-control')).toBe('no-cache');
    } finally {
      server.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
