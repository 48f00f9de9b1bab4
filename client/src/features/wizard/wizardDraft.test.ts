import { describe, expect, it } from 'vitest';
import { initialValues, type WizardValues } from '#client/features/wizard/wizardState.ts';
import { resumeStep, toDraftInput, valuesFromDraft } from '#client/features/wizard/wizardDraft.ts';

const halfway: WizardValues = {
  ...initialValues({ mode: 'PHYSICAL' }),
  title: '  Kahve buluşması ',
  description: '',
  category: 'social',
  tags: ['kahve-sohbeti'],
  location: { lat: 41.04, lng: 29.0 },
  placeName: 'Bebek',
  address: '',
  publicLocation: 'Beşiktaş, İstanbul',
  platform: 'discord',
  voiceChat: 'REQUIRED',
};

const emptyDraft = {
  title: null,
  description: null,
  category: null,
  tags: [],
  date: null,
  time: null,
  durationMinutes: null,
  maxParticipants: null,
  location: null,
  publicLocation: null,
  platform: null,
  requirements: null,
  skillLevel: null,
  voiceChat: null,
  language: null,
};

describe('wizard drafts', () => {
  it('keeps what is filled in, drops what is empty or belongs to the other mode', () => {
    expect(toDraftInput(halfway)).toMatchObject({
      title: 'Kahve buluşması',
      description: null,
      category: 'social',
      date: null,
      location: { name: 'Bebek', address: null, lat: 41.04, lng: 29.0 },
      publicLocation: 'Beşiktaş, İstanbul',
      platform: null,
      voiceChat: null,
    });
  });

  it('opens the wizard again with the same values', () => {
    const back = valuesFromDraft('PHYSICAL', {
      title: 'Kahve buluşması',
      description: null,
      category: 'social',
      tags: ['kahve-sohbeti'],
      date: null,
      time: null,
      durationMinutes: 60,
      maxParticipants: null,
      location: { name: 'Bebek', address: null, lat: 41.04, lng: 29.0 },
      publicLocation: 'Beşiktaş, İstanbul',
      platform: null,
      requirements: null,
      skillLevel: null,
      voiceChat: null,
      language: 'tr',
    });
    expect(back).toEqual({ ...halfway, title: 'Kahve buluşması', platform: '', voiceChat: null });
    // An online draft with a start resumes on a custom start.
    expect(
      valuesFromDraft('ONLINE', { ...emptyDraft, date: '2026-12-01', time: '21:00', platform: 'discord' }),
    ).toMatchObject({ quickTime: 'CUSTOM', date: '2026-12-01', time: '21:00', platform: 'discord' });
  });

  it('resumes on a wizard step after the first', () => {
    expect(resumeStep(4)).toBe(4);
    expect(resumeStep(1)).toBe(2);
    expect(resumeStep(9)).toBe(2);
  });
});
