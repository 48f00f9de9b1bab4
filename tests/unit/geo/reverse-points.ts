// Known points for the reverse-geocoding test (issue 27 point 2, ADR 071).

// [what, lat, lng, province, district]: squares, stations, streets and quarters whose district is not
// in doubt, most of them in the dense city centres where the nearest named place is often across a
// district line (the cases issue 27 lists first).
export const WELL_KNOWN: [string, number, number, string, string][] = [
  ['Taksim Meydanı', 41.0369, 28.985, 'İstanbul', 'Beyoğlu'],
  ['İstiklal Caddesi, Galatasaray', 41.0336, 28.9778, 'İstanbul', 'Beyoğlu'],
  ['Karaköy', 41.0225, 28.976, 'İstanbul', 'Beyoğlu'],
  ['Galata Kulesi', 41.02566, 28.97416, 'İstanbul', 'Beyoğlu'],
  ['Eminönü', 41.0172, 28.97, 'İstanbul', 'Fatih'],
  ['Sultanahmet Meydanı', 41.0054, 28.9768, 'İstanbul', 'Fatih'],
  ['Kapalıçarşı', 41.0107, 28.9681, 'İstanbul', 'Fatih'],
  ['Dolmabahçe Sarayı', 41.0391, 29.0004, 'İstanbul', 'Beşiktaş'],
  ['Ortaköy Camii', 41.0473, 29.0268, 'İstanbul', 'Beşiktaş'],
  ['Bebek', 41.077, 29.0435, 'İstanbul', 'Beşiktaş'],
  ['Akmerkez', 41.07694, 29.02694, 'İstanbul', 'Beşiktaş'],
  ['Nişantaşı', 41.0514, 28.9934, 'İstanbul', 'Şişli'],
  ['Mecidiyeköy', 41.067, 28.996, 'İstanbul', 'Şişli'],
  ['Bağdat Caddesi, Caddebostan', 40.9655, 29.0631, 'İstanbul', 'Kadıköy'],
  ['Bağdat Caddesi, Suadiye', 40.9604, 29.0807, 'İstanbul', 'Kadıköy'],
  ['Bostancı', 40.95833, 29.09556, 'İstanbul', 'Kadıköy'],
  ['Kadıköy İskelesi', 40.9925, 29.024, 'İstanbul', 'Kadıköy'],
  ['Moda', 40.9812, 29.0255, 'İstanbul', 'Kadıköy'],
  ['Üsküdar İskelesi', 41.027, 29.015, 'İstanbul', 'Üsküdar'],
  ['Ulus, Ankara', 39.9414, 32.8547, 'Ankara', 'Altındağ'],
  ['Kızılay Meydanı', 39.9208, 32.8541, 'Ankara', 'Çankaya'],
  ['Anıtkabir', 39.9251, 32.8369, 'Ankara', 'Çankaya'],
  ['ODTÜ', 39.8914, 32.7847, 'Ankara', 'Çankaya'],
  ['Tunalı Hilmi Caddesi', 39.905, 32.8608, 'Ankara', 'Çankaya'],
  ['Alsancak', 38.4372, 27.1436, 'İzmir', 'Konak'],
  ['Konak Meydanı, Saat Kulesi', 38.4189, 27.1287, 'İzmir', 'Konak'],
  ['Bornova', 38.4697, 27.2211, 'İzmir', 'Bornova'],
  ['Karşıyaka Çarşısı', 38.4595, 27.114, 'İzmir', 'Karşıyaka'],
  ['Heykel, Bursa', 40.1826, 29.0665, 'Bursa', 'Osmangazi'],
  ['Kaleiçi, Antalya', 36.8841, 30.7056, 'Antalya', 'Muratpaşa'],
  ['Mevlana Müzesi, Konya', 37.8707, 32.5048, 'Konya', 'Karatay'],
  ['Atatürk Alanı, Trabzon', 41.005, 39.7269, 'Trabzon', 'Ortahisar'],
  ['Taşköprü, Adana', 36.9836, 35.3297, 'Adana', 'Seyhan'],
  ['Gaziantep Kalesi', 37.0664, 37.3833, 'Gaziantep', 'Şahinbey'],
  ['Saat Kulesi, İzmit', 40.7656, 29.9406, 'Kocaeli', 'İzmit'],
  ['Ulu Cami, Diyarbakır', 37.9106, 40.2363, 'Diyarbakır', 'Sur'],
  ['Bodrum Kalesi', 37.0319, 27.4292, 'Muğla', 'Bodrum'],
  ['Çeşme Kalesi', 38.3236, 26.3036, 'İzmir', 'Çeşme'],
  ['Ürgüp', 38.63, 34.912, 'Nevşehir', 'Ürgüp'],
  ['Sapanca', 40.6914, 30.2672, 'Sakarya', 'Sapanca'],
];

// Points at sea, within the 12 km that "inside Turkey" allows, but on no district's land.
export const AT_SEA: [string, number, number][] = [
  ['the Black Sea off Şile', 41.225, 29.612],
  ['the Black Sea 10 km off Şile', 41.27, 29.6],
  ['the Sea of Marmara off Tuzla', 40.78, 29.25],
  ['the Gulf of Antalya', 36.8, 30.8],
  ['the Black Sea off Samsun', 41.4, 36.4],
];

// On land near the water: piers, a point on the Bosphorus shore, islands the outline lacks.
export const ON_LAND: [string, number, number][] = [
  ['Kadıköy İskelesi', 40.9925, 29.023],
  ['Moda Burnu', 40.9788, 29.0238],
  ['Ortaköy', 41.0475, 29.027],
  ['Büyükada', 40.8575, 29.12],
  ['Kordon, İzmir', 38.4301, 27.1372],
  ['Alanya', 36.5438, 31.9998],
];
