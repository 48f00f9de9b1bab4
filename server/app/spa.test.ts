import { describe, expect, it } from 'vitest';
import { isAppPath, notFoundPage, ROBOTS_TXT, spaContentSecurityPolicy } from './spa.ts';

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
    expect(csp).toContain("script-src 'self';");
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
