import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventParticipants, events, joinRequests, ratings, users } from './schema/index.ts';
import type { Database } from './client.ts';
import { gameTypeOf } from '#server/modules/events/events.catalog.ts';

// The demo data set of the embedded mode: a few hundred physical events around İstanbul, Ankara and
// İzmir and online sessions, hosted by demo users. Every row is marked (events.is_demo, users.sub
// 'demo:…'), it is only written into an empty embedded database, never with SEED_DEMO=0 or in
// production. A fixed pseudo-random sequence makes it the same on every machine.

type Spot = { name: string; district: string; city: string; lat: number; lng: number };

const SPOTS: Spot[] = [
  { name: 'Moda Sahili', district: 'Kadıköy', city: 'İstanbul', lat: 40.9809, lng: 29.0261 },
  { name: 'Kadıköy Çarşı', district: 'Kadıköy', city: 'İstanbul', lat: 40.9905, lng: 29.0262 },
  { name: 'Fenerbahçe Parkı', district: 'Kadıköy', city: 'İstanbul', lat: 40.9696, lng: 29.0386 },
  { name: 'Yoğurtçu Parkı', district: 'Kadıköy', city: 'İstanbul', lat: 40.9855, lng: 29.0336 },
  { name: 'Beşiktaş Çarşı', district: 'Beşiktaş', city: 'İstanbul', lat: 41.0433, lng: 29.0057 },
  { name: 'Bebek Sahili', district: 'Beşiktaş', city: 'İstanbul', lat: 41.0771, lng: 29.0436 },
  { name: 'Maçka Parkı', district: 'Şişli', city: 'İstanbul', lat: 41.0436, lng: 28.9938 },
  { name: 'Cihangir', district: 'Beyoğlu', city: 'İstanbul', lat: 41.0317, lng: 28.9826 },
  { name: 'Karaköy', district: 'Beyoğlu', city: 'İstanbul', lat: 41.0235, lng: 28.9769 },
  { name: 'Üsküdar Sahili', district: 'Üsküdar', city: 'İstanbul', lat: 41.0267, lng: 29.0147 },
  { name: 'Kuzguncuk', district: 'Üsküdar', city: 'İstanbul', lat: 41.0364, lng: 29.0314 },
  { name: 'Ataşehir Bulvarı', district: 'Ataşehir', city: 'İstanbul', lat: 40.9924, lng: 29.1244 },
  { name: 'Bakırköy Sahili', district: 'Bakırköy', city: 'İstanbul', lat: 40.9756, lng: 28.8716 },
  { name: 'Yıldız Parkı', district: 'Beşiktaş', city: 'İstanbul', lat: 41.0484, lng: 29.0138 },
  { name: 'Belgrad Ormanı', district: 'Sarıyer', city: 'İstanbul', lat: 41.1797, lng: 28.9861 },
  { name: 'Boğaziçi Üniversitesi', district: 'Sarıyer', city: 'İstanbul', lat: 41.0837, lng: 29.0503 },
  { name: 'Kızılay Meydanı', district: 'Çankaya', city: 'Ankara', lat: 39.9208, lng: 32.8541 },
  { name: 'Tunalı Hilmi', district: 'Çankaya', city: 'Ankara', lat: 39.9062, lng: 32.8601 },
  { name: 'Bahçelievler 7. Cadde', district: 'Çankaya', city: 'Ankara', lat: 39.9226, lng: 32.8233 },
  { name: 'ODTÜ Kampüsü', district: 'Çankaya', city: 'Ankara', lat: 39.8917, lng: 32.7828 },
  { name: 'Bilkent', district: 'Çankaya', city: 'Ankara', lat: 39.8687, lng: 32.7476 },
  { name: 'Gençlik Parkı', district: 'Altındağ', city: 'Ankara', lat: 39.9379, lng: 32.8493 },
  { name: 'Eymir Gölü', district: 'Gölbaşı', city: 'Ankara', lat: 39.8239, lng: 32.8295 },
  { name: 'Alsancak Kordon', district: 'Konak', city: 'İzmir', lat: 38.4376, lng: 27.1418 },
  { name: 'Konak Meydanı', district: 'Konak', city: 'İzmir', lat: 38.4189, lng: 27.1287 },
  { name: 'Bostanlı Sahili', district: 'Karşıyaka', city: 'İzmir', lat: 38.4556, lng: 27.0977 },
  { name: 'Karşıyaka Çarşı', district: 'Karşıyaka', city: 'İzmir', lat: 38.4597, lng: 27.1146 },
  { name: 'Bornova Küçükpark', district: 'Bornova', city: 'İzmir', lat: 38.4624, lng: 27.2179 },
  { name: 'Göztepe Sahili', district: 'Konak', city: 'İzmir', lat: 38.3992, lng: 27.0835 },
  { name: 'Buca Gölet', district: 'Buca', city: 'İzmir', lat: 38.3712, lng: 27.1936 },
];

type Template = {
  category: string;
  tags: string[];
  title: string;
  description: string;
  price?: number;
  skill?: 'beginner' | 'intermediate' | 'advanced';
};

const PHYSICAL: Template[] = [
  {
    category: 'sports',
    tags: ['hali-saha', 'futbol'],
    title: 'Akşam halı saha maçı',
    description: '7v7 dostluk maçı. Krampon şart değil, iyi enerji şart. Eksik 4 kişiyiz!',
    price: 80,
    skill: 'intermediate',
  },
  {
    category: 'sports',
    tags: ['basketbol'],
    title: 'Sokak basketbolu 3x3',
    description: 'Parkta 3x3 basket. Gelen takım kurar, kaybeden çıkar. Her seviye gelebilir.',
    skill: 'beginner',
  },
  {
    category: 'sports',
    tags: ['kosu'],
    title: 'Sahil koşusu 5K',
    description: 'Sakin tempoda 5 km koşu, sonrasında esneme. Yeni başlayanlar için ideal.',
    skill: 'beginner',
  },
  {
    category: 'sports',
    tags: ['voleybol'],
    title: 'Plaj voleybolu',
    description: 'Kumda 4v4 voleybol. Top bizden, güneş kreminiz sizden.',
  },
  {
    category: 'sports',
    tags: ['bisiklet'],
    title: 'Hafta sonu bisiklet turu',
    description: '25 km keyifli tur, mola yerlerinde çay ve sohbet. Kask zorunlu.',
    skill: 'intermediate',
  },
  {
    category: 'sports',
    tags: ['yoga'],
    title: 'Parkta sabah yogası',
    description: 'Matını al gel, 60 dakikalık nefes ve esneme seansı.',
    skill: 'beginner',
  },
  {
    category: 'sports',
    tags: ['masa-tenisi'],
    title: 'Masa tenisi turnuvası',
    description: 'Eleme usulü mini turnuva, raket sağlanıyor.',
    price: 50,
    skill: 'advanced',
  },
  {
    category: 'board-games',
    tags: ['catan', 'kutu-oyunu'],
    title: 'Catan gecesi',
    description: 'Catan ve genişleme paketleri masada. Kuralları bilmeyenlere anlatırız.',
    skill: 'beginner',
  },
  {
    category: 'board-games',
    tags: ['satranc'],
    title: 'Kafede satranç buluşması',
    description: 'Hızlı oyunlar ve analiz. Tahta getirirsen süper olur.',
    skill: 'intermediate',
  },
  {
    category: 'board-games',
    tags: ['tavla'],
    title: 'Tavla turnuvası',
    description: 'Üç el üzerinden eleme, kazanana kahve bizden.',
  },
  {
    category: 'board-games',
    tags: ['vampir-koylu'],
    title: 'Vampir Köylü akşamı',
    description: 'Kalabalık bir grup, bol blöf ve kahkaha. Moderatör bizden.',
  },
  {
    category: 'board-games',
    tags: ['dungeons-dragons'],
    title: 'D&D tek seferlik macera',
    description: 'Seviye 3 karakterlerle tek oturumluk macera. Hazır karakter kağıtları var.',
    skill: 'beginner',
  },
  {
    category: 'social',
    tags: ['kahve-sohbeti'],
    title: 'Boğaz manzaralı kahve sohbeti',
    description: 'Yeni insanlarla tanışmak için rahat bir kahve buluşması.',
  },
  {
    category: 'social',
    tags: ['dil-degisimi'],
    title: 'İngilizce–Türkçe dil değişimi',
    description: 'Yarım saat İngilizce, yarım saat Türkçe konuşuyoruz. Tüm seviyeler.',
  },
  {
    category: 'social',
    tags: ['kitap-kulubu'],
    title: 'Kitap kulübü: ayın kitabı',
    description: 'Bu ay Sabahattin Ali okuyoruz. Okumadıysan da gel, dinle.',
  },
  {
    category: 'social',
    tags: ['fotografcilik'],
    title: 'Gün batımı fotoğraf yürüyüşü',
    description: 'Telefon ya da makine fark etmez, birlikte kare avına çıkıyoruz.',
  },
  {
    category: 'social',
    tags: ['piknik'],
    title: 'Parkta piknik',
    description: 'Herkes bir şey getirsin, paylaşarak yiyelim. Frizbi de var.',
  },
  {
    category: 'study',
    tags: ['ders-calisma'],
    title: 'Sessiz ders çalışma buluşması',
    description: 'Pomodoro usulü 4 tur çalışma, aralarda kısa sohbet.',
  },
  {
    category: 'study',
    tags: ['kodlama'],
    title: 'Kodlama pratiği: React',
    description: 'Küçük bir proje üzerinde birlikte çalışıyoruz, laptopunu getir.',
    skill: 'intermediate',
  },
  {
    category: 'study',
    tags: ['sinav-hazirligi'],
    title: 'KPSS çalışma grubu',
    description: 'Deneme çözüp birlikte analiz ediyoruz.',
  },
  {
    category: 'study',
    tags: ['girisimcilik'],
    title: 'Girişim fikirleri sohbeti',
    description: 'Fikrini 3 dakikada anlat, geri bildirim al.',
  },
  {
    category: 'arts',
    tags: ['sinema'],
    title: 'Sinema ve sonrasında film sohbeti',
    description: 'Vizyondaki filme birlikte gidip sonra tartışıyoruz.',
    price: 150,
  },
  {
    category: 'arts',
    tags: ['konser'],
    title: 'Akustik konser buluşması',
    description: 'Birlikte konsere gidiyoruz, öncesinde buluşma noktasında toplanalım.',
    price: 300,
  },
  {
    category: 'arts',
    tags: ['karaoke'],
    title: 'Karaoke gecesi',
    description: 'Sesin güzel olmak zorunda değil, eğlence garanti.',
  },
  {
    category: 'arts',
    tags: ['resim'],
    title: 'Açık havada eskiz',
    description: 'Defterini ve kalemini al, manzara çiziyoruz.',
  },
  {
    category: 'food',
    tags: ['kahvalti'],
    title: 'Serpme kahvaltı buluşması',
    description: 'Hafta sonu uzun bir kahvaltı ve bol sohbet.',
    price: 350,
  },
  {
    category: 'food',
    tags: ['sokak-lezzetleri'],
    title: 'Sokak lezzetleri turu',
    description: 'Midye, kokoreç, kumpir: üç durak, bir akşam.',
    price: 200,
  },
  {
    category: 'food',
    tags: ['kafe-kesfi'],
    title: 'Yeni kafe keşfi',
    description: 'Semtin yeni açılan kafelerini geziyoruz.',
  },
];

type OnlineTemplate = {
  tags: string[];
  platform: string;
  title: string;
  description: string;
  voice: 'required' | 'optional' | 'not_required';
  skill: 'beginner' | 'intermediate' | 'advanced' | 'pro';
  category?: string;
  language?: 'tr' | 'en';
};

const ONLINE: OnlineTemplate[] = [
  {
    tags: ['valorant', 'ranked'],
    platform: 'valorant',
    title: 'Valorant ranked 5-stack',
    description: 'Gold–Platin arası, iletişimi iyi takım arkadaşı arıyoruz.',
    voice: 'required',
    skill: 'advanced',
  },
  {
    tags: ['valorant', 'normal'],
    platform: 'valorant',
    title: 'Valorant unrated keyfi',
    description: 'Rekabet yok, eğlence var. Her rank gelebilir.',
    voice: 'optional',
    skill: 'beginner',
  },
  {
    tags: ['league-of-legends', 'ranked'],
    platform: 'league-of-legends',
    title: 'LoL flex ranked',
    description: 'Jungle ve support eksik. Elmas altı herkes gelebilir.',
    voice: 'required',
    skill: 'intermediate',
  },
  {
    tags: ['league-of-legends', 'normal'],
    platform: 'league-of-legends',
    title: 'ARAM akşamı',
    description: 'Sadece ARAM, sadece eğlence.',
    voice: 'optional',
    skill: 'beginner',
  },
  {
    tags: ['counter-strike-2', 'turnuva'],
    platform: 'cs2',
    title: 'CS2 5v5 mini turnuva',
    description: 'Dört takımlık eleme, FACEIT seviyesi 5+ önerilir.',
    voice: 'required',
    skill: 'pro',
  },
  {
    tags: ['minecraft', 'co-op'],
    platform: 'minecraft',
    title: 'Minecraft survival sunucusu',
    description: 'Yeni açılan survival dünyasında birlikte köy kuruyoruz.',
    voice: 'optional',
    skill: 'beginner',
  },
  {
    tags: ['among-us', 'casual'],
    platform: 'among-us',
    title: 'Among Us lobisi',
    description: '10 kişilik lobi, Türkçe konuşuyoruz. Discord linki grupta.',
    voice: 'required',
    skill: 'beginner',
  },
  {
    tags: ['pubg', 'ranked'],
    platform: 'steam',
    title: 'PUBG squad',
    description: 'Erangel ve Miramar, sakin ve taktiksel oynuyoruz.',
    voice: 'required',
    skill: 'intermediate',
  },
  {
    tags: ['rocket-league', 'casual'],
    platform: 'steam',
    title: 'Rocket League 3v3',
    description: 'Platin civarı, eğlencesine maç.',
    voice: 'optional',
    skill: 'intermediate',
  },
  {
    tags: ['online-sohbet'],
    platform: 'discord',
    title: 'Gece sohbeti',
    description: 'Günün yorgunluğunu atmak için sesli sohbet odası.',
    voice: 'optional',
    skill: 'beginner',
    category: 'other-activities',
  },
  {
    tags: ['birlikte-kodlama'],
    platform: 'discord',
    title: 'Birlikte kodlama: side project',
    description: 'Ekran paylaşımıyla açık kaynak projeye katkı.',
    voice: 'optional',
    skill: 'intermediate',
    category: 'other-activities',
  },
  {
    tags: ['film-gecesi'],
    platform: 'discord',
    title: 'Discord film gecesi',
    description: 'Ekran paylaşımında birlikte film izliyoruz, oylamayla seçiyoruz.',
    voice: 'not_required',
    skill: 'beginner',
    category: 'other-activities',
  },
  {
    tags: ['dil-pratigi'],
    platform: 'discord',
    title: 'English speaking club',
    description: 'Casual English conversation, all levels welcome.',
    voice: 'required',
    skill: 'beginner',
    category: 'other-activities',
    language: 'en',
  },
  {
    tags: ['quiz-gecesi'],
    platform: 'discord',
    title: 'Genel kültür quiz gecesi',
    description: '5 tur, 50 soru. Kazanana sonsuz şan.',
    voice: 'required',
    skill: 'beginner',
    category: 'other-activities',
  },
];

const NAMES = [
  'Ayşe K.',
  'Mehmet Y.',
  'Zeynep A.',
  'Can D.',
  'Elif S.',
  'Burak T.',
  'Deniz Ö.',
  'Ece B.',
  'Emre Ç.',
  'Selin G.',
  'Mert E.',
  'İrem Ş.',
  'Kaan U.',
  'Nazlı İ.',
  'Oğuz M.',
  'Defne R.',
  'Barış N.',
  'Ceren P.',
  'Arda H.',
  'Sude L.',
];

// mulberry32: small deterministic PRNG.
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const DURATIONS = [60, 90, 120, 180];

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = (
    await db.execute<{ n: number }>(
      sql`select (select count(*) from events)::int + (select count(*) from users)::int as n`,
    )
  ).rows;
  return row.n === 0;
}

export async function seedDemoData(
  db: Database,
  options: { now?: Date; physical?: number; online?: number } = {},
) {
  const now = options.now ?? new Date();
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const physicalCount = options.physical ?? 300;
  const onlineCount = options.online ?? 80;

  return db.transaction(async (tx) => {
    const hosts = await tx
      .insert(users)
      .values(
        NAMES.map((name, i) => ({
          sub: `demo:${i + 1}`,
          displayName: name,
          bio: 'Demo hesabı',
          interests: [],
          tokenBalance: 0,
        })),
      )
      .returning({ id: users.id });
    const guests = await tx
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          sub: `demo:guest-${i + 1}`,
          displayName: `${pick(NAMES).split(' ')[0]} ${String.fromCharCode(65 + (i % 26))}.`,
          tokenBalance: 0,
        })),
      )
      .returning({ id: users.id });

    const startAt = (dayOffset: number) => {
      const hour = 9 + Math.floor(random() * 13);
      const d = new Date(now.getTime() + dayOffset * 86_400_000);
      d.setUTCHours(hour - 3, random() < 0.5 ? 0 : 30, 0, 0);
      return d;
    };

    type Row = typeof events.$inferInsert;
    const rows: Row[] = [];
    for (let i = 0; i < physicalCount; i++) {
      const t = pick(PHYSICAL);
      const spot = pick(SPOTS);
      const lat = spot.lat + (random() - 0.5) * 0.02;
      const lng = spot.lng + (random() - 0.5) * 0.02;
      // A tenth lies in the past (completed, rated), the rest over the next two weeks.
      const past = i % 10 === 0;
      const startsAt = startAt(past ? -1 - Math.floor(random() * 10) : Math.floor(random() * 14));
      const durationMinutes = pick(DURATIONS);
      rows.push({
        id: crypto.randomUUID(),
        hostId: pick(hosts).id,
        mode: 'physical',
        title: t.title,
        description: t.description,
        category: t.category,
        tags: t.tags,
        startsAt,
        endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
        durationMinutes,
        maxParticipants: 4 + Math.floor(random() * 12),
        locationName: spot.name,
        address: `${spot.name}, ${spot.district}/${spot.city}`,
        lat,
        lng,
        publicLocation: `${spot.district}, ${spot.city}`,
        publicLat: round2(lat),
        publicLng: round2(lng),
        price: t.price ?? 0,
        skillLevel: t.skill ?? null,
        language: 'tr',
        isDemo: true,
      });
    }
    for (let i = 0; i < onlineCount; i++) {
      const t = pick(ONLINE);
      const past = i % 10 === 0;
      const startsAt = past
        ? startAt(-1 - Math.floor(random() * 5))
        : new Date(now.getTime() + Math.floor(random() * 7 * 24 * 4) * 15 * 60_000 + 10 * 60_000);
      const durationMinutes = pick(DURATIONS);
      rows.push({
        id: crypto.randomUUID(),
        hostId: pick(hosts).id,
        mode: 'online',
        title: t.title,
        description: t.description,
        category: t.category ?? 'popular-games',
        tags: t.tags,
        startsAt,
        endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
        durationMinutes,
        maxParticipants: 2 + Math.floor(random() * 8),
        platform: t.platform,
        voiceChat: t.voice,
        skillLevel: t.skill,
        gameType: gameTypeOf(t.tags, t.platform),
        language: t.language ?? 'tr',
        requirements: t.voice === 'required' ? 'Mikrofon ve Discord' : null,
        isDemo: true,
      });
    }

    // Participants (accepted requests) and, for past events, ratings of the host.
    const participants: (typeof eventParticipants.$inferInsert)[] = [];
    const requests: (typeof joinRequests.$inferInsert)[] = [];
    const given: (typeof ratings.$inferInsert)[] = [];
    for (const row of rows) {
      const count = Math.min(row.maxParticipants! - 1, Math.floor(random() * (row.maxParticipants! + 1)));
      const chosen = new Set<string>();
      while (chosen.size < count) chosen.add(pick(guests).id);
      for (const userId of chosen) {
        const requestId = crypto.randomUUID();
        const createdAt = new Date(row.startsAt.getTime() - (2 + random() * 48) * 3_600_000);
        requests.push({
          id: requestId,
          eventId: row.id!,
          userId,
          status: 'accepted',
          createdAt: createdAt < now ? createdAt : now,
          decidedAt: now,
          decidedBy: row.hostId,
        });
        participants.push({ eventId: row.id!, userId, joinRequestId: requestId });
        if (row.endsAt < now && random() < 0.7) {
          given.push({
            eventId: row.id!,
            raterId: userId,
            rateeId: row.hostId,
            score: random() < 0.75 ? 5 : 4,
            feedback: random() < 0.3 ? 'Çok keyifliydi, tekrar gelirim!' : null,
          });
        }
      }
      row.participantCount = chosen.size;
    }

    for (let i = 0; i < rows.length; i += 200) await tx.insert(events).values(rows.slice(i, i + 200));
    for (let i = 0; i < requests.length; i += 500)
      await tx.insert(joinRequests).values(requests.slice(i, i + 500));
    for (let i = 0; i < participants.length; i += 500)
      await tx.insert(eventParticipants).values(participants.slice(i, i + 500));
    for (let i = 0; i < given.length; i += 500) await tx.insert(ratings).values(given.slice(i, i + 500));
    return {
      events: rows.length,
      hosts: hosts.length,
      participants: participants.length,
      ratings: given.length,
    };
  });
}
