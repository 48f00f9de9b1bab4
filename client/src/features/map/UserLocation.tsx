import { useEffect, useState } from 'react';
import { Circle, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userIcon } from '#client/features/map/markerIcons.ts';

type Located = { lat: number; lng: number; accuracy: number };

// The user's position while tracking is on (a dot with its accuracy circle).
export function UserLocation() {
  const map = useMap();
  const [position, setPosition] = useState<Located | null>(null);
  useMapEvents({
    locationfound: (e) => setPosition({ lat: e.latlng.lat, lng: e.latlng.lng, accuracy: e.accuracy }),
  });
  useEffect(() => {
    const clear = () => setPosition(null);
    map.on('squad:locatestop', clear);
    return () => {
      map.off('squad:locatestop', clear);
    };
  }, [map]);
  if (!position) return null;
  return (
    <>
      <Circle
        center={[position.lat, position.lng]}
        radius={position.accuracy}
        pathOptions={{ color: '#38bdf8', weight: 1, fillOpacity: 0.08 }}
        interactive={false}
      />
      <UserMarker position={position} />
    </>
  );
}

function UserMarker({ position }: { position: Located }) {
  const { t } = useI18n();
  return (
    <Marker position={[position.lat, position.lng]} icon={userIcon} title={t('map.you')} zIndexOffset={1000}>
      <Popup>{t('map.you')}</Popup>
    </Marker>
  );
}
