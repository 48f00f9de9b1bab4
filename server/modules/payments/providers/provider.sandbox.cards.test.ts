import { describe, expect, it } from 'vitest';
import {
  cardBehaviour,
  cardBrand,
  checkCard,
  luhnValid,
  parseExpiry,
  SANDBOX_TEST_CARDS,
} from './provider.sandbox.cards.ts';

const now = new Date('2026-03-10T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ayşe Yılmaz' };

describe('sandbox card rules', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('4242x24242424242')).toBe(false);
    for (const card of SANDBOX_TEST_CARDS) expect(luhnValid(card.number)).toBe(true);
  });

  it('names the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('9792030394440796')).toBe('troy');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('reads MM/YY expiry dates and refuses other text', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('4 / 2029')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('0429')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('april')).toBeNull();
  });

  it('accepts a valid card and returns its last four digits and brand', () => {
    const result = checkCard(good, now);
    expect(result).toEqual({
      ok: true,
      card: {
        number: '4242424242424242',
        last4: '4242',
        brand: 'visa',
        expMonth: 12,
        expYear: 2030,
        holder: 'Ayşe Yılmaz',
      },
    });
  });

  it('reports each bad field', () => {
    const result = checkCard({ number: '4242 4242 4242 4241', expiry: '1/2', cvc: '12', name: ' ' }, now);
    expect(result).toEqual({
      ok: false,
      errors: {
        number: 'invalid_number',
        expiry: 'invalid_expiry',
        cvc: 'invalid_cvc',
        name: 'missing_name',
      },
    });
    expect(checkCard({ ...good, number: '4242 4242 4242' }, now)).toMatchObject({
      errors: { number: 'invalid_number' },
    });
    expect(checkCard({ ...good, cvc: '1234' }, now)).toMatchObject({ errors: { cvc: 'invalid_cvc' } });
  });

  it('treats a card as valid until the end of its expiry month', () => {
    expect(checkCard({ ...good, expiry: '03/26' }, now).ok).toBe(true);
    expect(checkCard({ ...good, expiry: '02/26' }, now)).toEqual({
      ok: false,
      errors: { expiry: 'expired' },
    });
    expect(checkCard({ ...good, expiry: '12/25' }, now)).toEqual({
      ok: false,
      errors: { expiry: 'expired' },
    });
  });

  it('gives each test card its documented outcome, and any other card success', () => {
    expect(cardBehaviour('4242424242424242')).toEqual({ kind: 'succeeds' });
    expect(cardBehaviour('4000000000000002')).toEqual({ kind: 'declines', reason: 'card_declined' });
    expect(cardBehaviour('4000002760003184')).toEqual({ kind: 'requires3ds' });
    expect(cardBehaviour('4000000000009995')).toEqual({ kind: 'declines', reason: 'insufficient_funds' });
    expect(cardBehaviour('4000000000000341')).toEqual({ kind: 'succeeds' });
    expect(cardBehaviour('5555555555554444')).toEqual({ kind: 'succeeds' });
  });
});
