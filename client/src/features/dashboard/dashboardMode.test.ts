import { describe, expect, it } from 'vitest';
import { modeOfPath, rememberDashboardMode, rememberedDashboardMode } from './dashboardMode.ts';

describe('dashboard mode', () => {
  it('is given by the two dashboard routes and by nothing else', () => {
    expect(modeOfPath('/dashboard/online')).toBe('online');
    expect(modeOfPath('/dashboard/physical')).toBe('physical');
    expect(modeOfPath('/dashboard/eventDetails/abc')).toBeNull();
    expect(modeOfPath('/dashboard/tokens')).toBeNull();
  });

  it('keeps the last mode for the other pages', () => {
    rememberDashboardMode('online');
    expect(rememberedDashboardMode()).toBe('online');
    rememberDashboardMode('physical');
    expect(rememberedDashboardMode()).toBe('physical');
  });
});
