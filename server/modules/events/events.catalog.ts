// The wizard's lists (spec §3): categories with their tags per mode, platforms and durations.
// The server validates against these; the client reads them through the eventCatalog query.
export type CategoryDef = { name: string; icon: string; tags: readonly string[] };

export const PHYSICAL_CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Spor',
    icon: 'sports',
    tags: [
      'Halı Saha',
      'Futbol',
      'Basketbol',
      'Voleybol',
      'Tenis',
      'Masa Tenisi',
      'Badminton',
      'Koşu',
      'Bisiklet',
      'Yüzme',
      'Yoga',
      'Fitness',
      'Doğa Yürüyüşü',
      'Tırmanış',
      'Paten',
    ],
  },
  {
    name: 'Kutu Oyunları & Klasikler',
    icon: 'board-games',
    tags: [
      'Satranç',
      'Tavla',
      'Okey',
      'Kutu Oyunu',
      'Catan',
      'Monopoly',
      'Kart Oyunları',
      'Vampir Köylü',
      'Dungeons & Dragons',
      'Scrabble',
      'Jenga',
      'Bulmaca',
    ],
  },
  {
    name: 'Sosyal & Hobi',
    icon: 'social',
    tags: [
      'Kahve Sohbeti',
      'Yeni Arkadaşlar',
      'Dil Değişimi',
      'Kitap Kulübü',
      'Fotoğrafçılık',
      'El Sanatları',
      'Bahçecilik',
      'Gönüllülük',
      'Evcil Hayvan Buluşması',
      'Piknik',
    ],
  },
  {
    name: 'Eğitim & Gelişim',
    icon: 'study',
    tags: [
      'Kodlama',
      'Ders Çalışma',
      'Sınav Hazırlığı',
      'Yabancı Dil',
      'Girişimcilik',
      'Tasarım',
      'Kariyer',
      'Atölye',
      'Hackathon',
      'Sunum Pratiği',
    ],
  },
  {
    name: 'Sanat & Eğlence',
    icon: 'music',
    tags: [
      'Sinema',
      'Tiyatro',
      'Konser',
      'Müzik',
      'Resim',
      'Dans',
      'Stand-up',
      'Karaoke',
      'Sergi',
      'Festival',
    ],
  },
  {
    name: 'Yeme & İçme',
    icon: 'coffee',
    tags: [
      'Restoran',
      'Kahvaltı',
      'Brunch',
      'Sokak Lezzetleri',
      'Tatlı',
      'Kafe Keşfi',
      'Yemek Atölyesi',
      'Vegan & Vejetaryen',
      'Dünya Mutfağı',
    ],
  },
];

export const ONLINE_CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Popüler Oyunlar',
    icon: 'gaming',
    tags: [
      'Valorant',
      'League of Legends',
      'Counter-Strike 2',
      'PUBG',
      'Minecraft',
      'Fortnite',
      'Apex Legends',
      'Dota 2',
      'Rocket League',
      'Among Us',
      'GTA Online',
      'EA Sports FC',
      'Overwatch 2',
      'Rainbow Six Siege',
      'Brawl Stars',
      'Mobile Legends',
    ],
  },
  {
    name: 'Oyun Modu',
    icon: 'gaming',
    tags: ['Ranked', 'Normal', 'Turnuva', 'Co-op', 'PvP', 'PvE', 'Custom', 'Arcade', 'Casual', 'Speedrun'],
  },
  {
    name: 'Diğer Aktiviteler',
    icon: 'social',
    tags: [
      'Online Sohbet',
      'Birlikte Kodlama',
      'Podcast Kaydı',
      'Film Gecesi',
      'Müzik Dinleme',
      'Ders Çalışma',
      'Dil Pratiği',
      'Quiz Gecesi',
      'Kitap Okuma',
      'Yayın İzleme',
    ],
  },
];

export const PLATFORMS = [
  'Steam',
  'Discord',
  'Valorant',
  'League of Legends',
  'Among Us',
  'Minecraft',
  'CS2',
  'Other',
] as const;

// Minutes -> the spec's labels; 240 stands for "4+ saat".
export const DURATIONS: ReadonlyMap<number, string> = new Map([
  [30, '30 dk'],
  [60, '1 saat'],
  [90, '1.5 saat'],
  [120, '2 saat'],
  [180, '3 saat'],
  [240, '4+ saat'],
]);

export function durationFromLabel(label: string): number | undefined {
  for (const [minutes, text] of DURATIONS) if (text === label.trim()) return minutes;
  return undefined;
}

export function categoriesFor(mode: 'physical' | 'online'): readonly CategoryDef[] {
  return mode === 'physical' ? PHYSICAL_CATEGORIES : ONLINE_CATEGORIES;
}

// Tags are checked against every list of the event's mode, so an online "Popüler Oyunlar" event may
// carry "Ranked" from "Oyun Modu".
export function tagsFor(mode: 'physical' | 'online'): ReadonlySet<string> {
  return new Set(categoriesFor(mode).flatMap((c) => c.tags));
}

// A generous box around Turkey; the gazetteer decides finer questions.
export const TURKEY_BOUNDS = { minLat: 35.8, maxLat: 42.2, minLng: 25.6, maxLng: 44.9 } as const;

export function insideTurkey(lat: number, lng: number): boolean {
  return (
    lat >= TURKEY_BOUNDS.minLat &&
    lat <= TURKEY_BOUNDS.maxLat &&
    lng >= TURKEY_BOUNDS.minLng &&
    lng <= TURKEY_BOUNDS.maxLng
  );
}

export const ISTANBUL = { lat: 41.0082, lng: 28.9784 } as const;

export type GameType = 'fps' | 'moba' | 'battle_royale' | 'mmo' | 'party';

// The lobby's game genres, from the game (a tag of "Popüler Oyunlar" or the platform).
const GAME_GENRES: Record<string, GameType> = {
  Valorant: 'fps',
  'Counter-Strike 2': 'fps',
  CS2: 'fps',
  'Overwatch 2': 'fps',
  'Rainbow Six Siege': 'fps',
  'League of Legends': 'moba',
  'Dota 2': 'moba',
  'Mobile Legends': 'moba',
  PUBG: 'battle_royale',
  Fortnite: 'battle_royale',
  'Apex Legends': 'battle_royale',
  Minecraft: 'mmo',
  'GTA Online': 'mmo',
  'Among Us': 'party',
  'Rocket League': 'party',
  'EA Sports FC': 'party',
  'Brawl Stars': 'party',
};

export function gameTypeOf(tags: readonly string[], platform: string | null): GameType | null {
  for (const tag of tags) if (GAME_GENRES[tag]) return GAME_GENRES[tag];
  return platform ? (GAME_GENRES[platform] ?? null) : null;
}

// Tag sets behind the quick chips (the schema's QuickFilter documents them).
export const COMPETITIVE_TAGS = ['Ranked', 'Turnuva'];
export const CHILL_TAGS = [
  'Casual',
  'Normal',
  'Co-op',
  'Kahve Sohbeti',
  'Piknik',
  'Film Gecesi',
  'Online Sohbet',
];
export const CHILL_CATEGORIES = [
  'Sosyal & Hobi',
  'Yeme & İçme',
  'Kutu Oyunları & Klasikler',
  'Diğer Aktiviteler',
];
export const STUDY_TAGS = ['Ders Çalışma', 'Sınav Hazırlığı', 'Birlikte Kodlama', 'Kodlama'];
export const STUDY_CATEGORY = 'Eğitim & Gelişim';

export const SOON_MINUTES = 180;
export const NOW_PLAYING_MINUTES = 15;
