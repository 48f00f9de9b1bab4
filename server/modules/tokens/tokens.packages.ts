import type { Locale } from '#server/lib/i18n.ts';

// The spec's token packages (§9). Prices are in US dollars; names are the products' own (English by
// choice), feature lines are translated.
export type TokenPackageDef = {
  id: string;
  name: string;
  tokens: number;
  bonusTokens: number;
  price: number;
  // What a checkout charges, in cents (no floating point near money).
  priceCents: number;
  originalPrice: number;
  discountPercent: number;
  popular: boolean;
  validityDays: number;
  // "Öncelikli listeleme": while the package is valid, its buyer's events are featured (ADR 038).
  priorityListing: boolean;
  features: Record<Locale, string[]>;
};

export const TOKEN_PACKAGES: readonly TokenPackageDef[] = [
  {
    id: 'starter',
    name: 'Starter Pack',
    tokens: 5,
    bonusTokens: 0,
    price: 9.99,
    priceCents: 999,
    originalPrice: 12.5,
    discountPercent: 20,
    popular: false,
    validityDays: 30,
    priorityListing: false,
    features: {
      tr: ['5 etkinlik oluşturma hakkı', '30 gün geçerli'],
      en: ['5 events to create', 'Valid for 30 days'],
    },
  },
  {
    id: 'popular',
    name: 'Popular Pack',
    tokens: 10,
    bonusTokens: 2,
    price: 17.99,
    priceCents: 1799,
    originalPrice: 25,
    discountPercent: 28,
    popular: true,
    validityDays: 60,
    priorityListing: false,
    features: {
      tr: ['10 etkinlik oluşturma hakkı', '+2 bonus token', '60 gün geçerli'],
      en: ['10 events to create', '+2 bonus tokens', 'Valid for 60 days'],
    },
  },
  {
    id: 'pro',
    name: 'Pro Pack',
    tokens: 25,
    bonusTokens: 5,
    price: 39.99,
    priceCents: 3999,
    originalPrice: 62.5,
    discountPercent: 36,
    popular: false,
    validityDays: 90,
    priorityListing: false,
    features: {
      tr: ['25 etkinlik oluşturma hakkı', '+5 bonus token', '90 gün geçerli', 'Analitik paneli'],
      en: ['25 events to create', '+5 bonus tokens', 'Valid for 90 days', 'Analytics dashboard'],
    },
  },
  {
    id: 'enterprise',
    name: 'Enterprise Pack',
    tokens: 50,
    bonusTokens: 10,
    price: 69.99,
    priceCents: 6999,
    originalPrice: 125,
    discountPercent: 44,
    popular: false,
    validityDays: 120,
    priorityListing: true,
    features: {
      tr: [
        '50 etkinlik oluşturma hakkı',
        '+10 bonus token',
        '120 gün geçerli',
        'Özel analitik',
        'Öncelikli listeleme',
      ],
      en: [
        '50 events to create',
        '+10 bonus tokens',
        'Valid for 120 days',
        'Custom analytics',
        'Priority listing',
      ],
    },
  },
];

export const SIGNUP_GRANT_TOKENS = 5;
export const EVENT_CREATION_COST = 1;

export const packageById = (id: string): TokenPackageDef | undefined =>
  TOKEN_PACKAGES.find((p) => p.id === id);
