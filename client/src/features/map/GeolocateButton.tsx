import { useEffect, useRef, useState } from 'react';
import type L from 'leaflet';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Geolocate control: starts following the user (the map centres on the first fix), stops on a second press.
export function GeolocateButton({ map }: { map: L.Map }) {
  const { t } = useI18n();
  const toast = useToast();
  const [tracking, setTracking] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const centred = useRef(false);

  useEffect(() => {
    const found = (e: L.LocationEvent) => {
      setWaiting(false);
      if (!centred.current) {
        centred.current = true;
        map.flyTo(e.latlng, Math.max(map.getZoom(), 15), { duration: 1 });
        toast.success(t('map.located'));
      }
    };
    const failed = () => {
      setWaiting(false);
      setTracking(false);
      map.stopLocate();
      map.fire('squad:locatestop');
      toast.error(t('map.locateError'));
    };
    map.on('locationfound', found);
    map.on('locationerror', failed);
    return () => {
      map.off('locationfound', found);
      map.off('locationerror', failed);
    };
  }, [map, t, toast]);
  useEffect(() => () => void map.stopLocate(), [map]);

  const toggle = () => {
    if (tracking) {
      map.stopLocate();
      map.fire('squad:locatestop');
      setTracking(false);
      setWaiting(false);
      return;
    }
    if (!('geolocation' in navigator)) {
      toast.error(t('map.locateError'));
      return;
    }
    centred.current = false;
    setTracking(true);
    setWaiting(true);
    map.locate({ watch: true, enableHighAccuracy: true, setView: false });
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={tracking}
      aria-label={tracking ? t('map.locateStop') : t('map.locate')}
      title={tracking ? t('map.locateStop') : t('map.locate')}
      className={cn(
        'absolute top-3 right-3 z-[1000] flex size-11 items-center justify-center rounded-xl border shadow-lg shadow-black/40 transition',
        tracking
          ? 'border-sky-400 bg-sky-500/20 text-sky-200'
          : 'border-ink-600 bg-ink-900/90 text-ink-100 hover:border-accent-400',
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className={cn('size-5', waiting && 'animate-pulse')}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
      </svg>
    </button>
  );
}
