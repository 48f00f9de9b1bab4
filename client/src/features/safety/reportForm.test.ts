import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, reportFormState } from './reportForm.ts';

describe('reportFormState', () => {
  it('needs a reason before it can be sent', () => {
    expect(reportFormState({ reason: null, message: 'Bana hakaret etti' }).canSubmit).toBe(false);
    expect(reportFormState({ reason: null, message: '' }).input).toBeNull();
    expect(reportFormState({ reason: 'HARASSMENT', message: '' }).canSubmit).toBe(true);
  });

  it('sends trimmed details, or none when blank', () => {
    expect(reportFormState({ reason: 'OTHER', message: '  Sahte profil gibi  ' }).input).toEqual({
      reason: 'OTHER',
      message: 'Sahte profil gibi',
    });
    expect(reportFormState({ reason: 'SPAM', message: ' \n ' }).input).toEqual({
      reason: 'SPAM',
      message: null,
    });
  });

  it('refuses details longer than the server accepts, counting after trimming', () => {
    const atLimit = ` ${'a'.repeat(REPORT_MESSAGE_MAX)} `;
    expect(reportFormState({ reason: 'SPAM', message: atLimit })).toMatchObject({
      tooLong: false,
      canSubmit: true,
      length: REPORT_MESSAGE_MAX,
    });
    const over = reportFormState({ reason: 'SPAM', message: 'a'.repeat(REPORT_MESSAGE_MAX + 1) });
    expect(over).toMatchObject({ tooLong: true, canSubmit: false });
  });

  it('offers the five reasons of the spec', () => {
    expect(REPORT_REASONS).toEqual([
      'INAPPROPRIATE_BEHAVIOR',
      'SPAM',
      'HARASSMENT',
      'OFFENSIVE_CONTENT',
      'OTHER',
    ]);
  });
});
