import { describe, expect, it } from 'vitest';
import { spaContentSecurityPolicy } from './spa.ts';

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
