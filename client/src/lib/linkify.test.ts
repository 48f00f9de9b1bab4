import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('leaves text without links alone', () => {
    expect(linkify('Moda sahilinde buluşuyoruz')).toEqual([
      { kind: 'text', text: 'Moda sahilinde buluşuyoruz' },
    ]);
  });

  it('finds web links and keeps trailing punctuation outside', () => {
    expect(linkify('Discord: https://discord.gg/abc123. Görüşürüz!')).toEqual([
      { kind: 'text', text: 'Discord: ' },
      { kind: 'link', text: 'https://discord.gg/abc123', href: 'https://discord.gg/abc123' },
      { kind: 'text', text: '. Görüşürüz!' },
    ]);
  });

  it('ignores other schemes', () => {
    expect(linkify('javascript:alert(1) ftp://x.y')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.y' },
    ]);
  });
});
