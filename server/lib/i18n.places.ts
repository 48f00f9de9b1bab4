// Server texts about an event's place: the exact point and the public location text (issue 27,
// ADR 070 and 071).
export const placesTr = {
  'validation.locationRequired': 'Fiziksel etkinlikler için konum seçmelisin.',
  'validation.publicLocationRequired': 'Herkese görünecek konum metnini gir.',
  'validation.locationOutsideTurkey': 'Konum Türkiye sınırları içinde olmalı.',
  'validation.locationNotOnLand':
    'Bu nokta denizde ya da Türkiye topraklarının dışında. Karada bir nokta seç.',
  'validation.publicLocationFar':
    'Herkese görünen konum "{place}" diyor, ama haritada seçtiğin nokta orada değil. Konum metnini ya da noktayı düzelt.',
};

export const placesEn: Record<keyof typeof placesTr, string> = {
  'validation.locationRequired': 'Physical events need a location.',
  'validation.publicLocationRequired': 'Enter the location text everyone will see.',
  'validation.locationOutsideTurkey': 'The location must be inside Turkey.',
  'validation.locationNotOnLand': 'This point is at sea or outside Turkey’s land. Choose a point on land.',
  'validation.publicLocationFar':
    'The public location says "{place}", but the point you chose on the map is not there. Correct the text or the point.',
};
