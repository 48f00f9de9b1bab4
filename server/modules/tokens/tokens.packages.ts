// The spec's token packages (§9). Prices are in US dollars.
export type TokenPackageDef = {
  id: string;
  name: string;
  tokens: number;
  bonusTokens: number;
  price: number;
  originalPrice: number;
  discountPercent: number;
  popular: boolean;
  validityDays: number;
  features: string[];
};

export const TOKEN_PACKAGES: readonly TokenPackageDef[] = [
  {
    id: 'starter',
    name: 'Starter Pack',
    tokens: 5,
    bonusTokens: 0,
    price: 9.99,
    originalPrice: 12.5,
    discountPercent: 20,
    popular: false,
    validityDays: 30,
    features: ['5 etkinlik oluşturma hakkı', '30 gün geçerli'],
  },
  {
    id: 'popular',
    name: 'Popular Pack',
    tokens: 10,
    bonusTokens: 2,
    price: 17.99,
    originalPrice: 25,
    discountPercent: 28,
    popular: true,
    validityDays: 60,
    features: ['10 etkinlik oluşturma hakkı', '+2 bonus token', '60 gün geçerli'],
  },
  {
    id: 'pro',
    name: 'Pro Pack',
    tokens: 25,
    bonusTokens: 5,
    price: 39.99,
    originalPrice: 62.5,
    discountPercent: 36,
    popular: false,
    validityDays: 90,
    features: ['25 etkinlik oluşturma hakkı', '+5 bonus token', '90 gün geçerli', 'Analitik paneli'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise Pack',
    tokens: 50,
    bonusTokens: 10,
    price: 69.99,
    originalPrice: 125,
    discountPercent: 44,
    popular: false,
    validityDays: 120,
    features: [
      '50 etkinlik oluşturma hakkı',
      '+10 bonus token',
      '120 gün geçerli',
      'Özel analitik',
      'Öncelikli listeleme',
    ],
  },
];

export const SIGNUP_GRANT_TOKENS = 5;
export const EVENT_CREATION_COST = 1;
