import { describe, expect, it } from 'vitest';
import { AvatarRefused, checkAvatarFile } from './useAvatarUpload.ts';

const MB = 1024 * 1024;

describe('checkAvatarFile', () => {
  it('refuses files that are not images, and files over the limit', () => {
    const reason = (file: { type: string; size: number }) => {
      try {
        checkAvatarFile(file, 5 * MB);
        return 'ok';
      } catch (err) {
        return (err as AvatarRefused).reason;
      }
    };
    expect(reason({ type: 'application/pdf', size: 10 })).toBe('notImage');
    expect(reason({ type: '', size: 10 })).toBe('notImage');
    expect(reason({ type: 'image/jpeg', size: 5 * MB + 1 })).toBe('tooLarge');
    expect(reason({ type: 'image/png', size: 5 * MB })).toBe('ok');
  });
});
