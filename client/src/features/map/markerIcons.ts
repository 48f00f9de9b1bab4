import L from 'leaflet';

// Map marker icons by the catalog's icon key (spec §3): gaming, board-games, sports, coffee, music,
// study, photography, social.
export const ICON_EMOJI: Record<string, string> = {
  gaming: '🎮',
  'board-games': '♟️',
  sports: '⚽',
  coffee: '☕',
  music: '🎵',
  study: '📚',
  photography: '📷',
  social: '💬',
};

const cache = new Map<string, L.DivIcon>();

export function categoryIcon(icon: string): L.DivIcon {
  const key = icon in ICON_EMOJI ? icon : 'social';
  let divIcon = cache.get(key);
  if (!divIcon) {
    divIcon = L.divIcon({
      className: 'squad-pin-wrap',
      html: `<div class="squad-pin squad-pin--${key}" data-icon="${key}"><span>${ICON_EMOJI[key]}</span></div>`,
      iconSize: [36, 36],
      iconAnchor: [18, 36],
      popupAnchor: [0, -34],
    });
    cache.set(key, divIcon);
  }
  return divIcon;
}

const clusterCache = new Map<string, L.DivIcon>();

// Cached, so a re-render with the same count keeps the marker's element (no flicker).
export function clusterIcon(count: number, label: string): L.DivIcon {
  const key = `${count}|${label}`;
  const cached = clusterCache.get(key);
  if (cached) return cached;
  const icon = L.divIcon({
    className: 'squad-cluster-wrap',
    html: `<div class="squad-cluster" role="img" aria-label="${label}">${count}</div>`,
    iconSize: [44, 44],
    iconAnchor: [22, 22],
  });
  clusterCache.set(key, icon);
  return icon;
}

export const userIcon = L.divIcon({
  className: 'squad-user-wrap',
  html: '<div class="squad-user-dot"></div>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});

export const pickIcon = L.divIcon({
  className: 'squad-pick-wrap',
  html: '<div class="squad-pick"></div>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});
