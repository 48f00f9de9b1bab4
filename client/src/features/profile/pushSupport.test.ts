import { describe, expect, it } from 'vitest';
import { applicationServerKey } from './pushSupport.ts';

describe('applicationServerKey', () => {
  it('decodes a base64url VAPID key into its 65 bytes', () => {
    const raw = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    raw[0] = 4;
    const encoded = Buffer.from(raw).toString('base64url');
    expect([...applicationServerKey(encoded)]).toEqual([...raw]);
  });
});
