import 'leaflet/dist/leaflet.css';
import '#client/features/map/map.css';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { Link } from 'react-router-dom';
import { cn } from '#client/lib/cn.ts';
import { useNextTask } from '#client/lib/useNextTask.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { BaseLayers } from '#client/features/map/BaseLayers.tsx';
import { clusterByDistance } from '#client/features/map/cluster.ts';
import { categoryIcon, clusterIcon } from '#client/features/map/markerIcons.ts';
import { GeolocateButton } from '#client/features/map/GeolocateButton.tsx';
import { FLY_SECONDS, FLY_ZOOM, MapSearchBox } from '#client/features/map/MapSearchBox.tsx';
import { UserLocation } from '#client/features/map/UserLocation.tsx';

export type LatLng = { lat: number; lng: number };
export type MapBounds = { south: number; west: number; north: number; east: number };
export type MapView = { center: LatLng; bounds: MapBounds; zoom: number };

// What a marker and its popup show; labels come ready-made from the route.
export type MapEvent = {
  id: string;
  title: string;
  categoryLabel: string;
  icon: string;
  participantCount: number;
  maxParticipants: number;
  priceLabel: string;
  lat: number;
  lng: number;
  // The viewer may ask to join (not their own event, no request yet, places left).
  joinable?: boolean;
};

export type EventMapProps = {
  tileUrl: string;
  initialCenter: LatLng;
  initialZoom: number;
  events: MapEvent[];
  onViewChange: (view: MapView) => void;
  onCreateHere: (point: LatLng) => void;
  // 'Katıl' in a popup opens the join-request dialog.
  onJoin?: (eventId: string) => void;
  // False while the mobile list is shown; the map re-measures itself when it comes back.
  visible?: boolean;
  // A place to fly to (the dashboard's search box); a new `key` flies again to the same point.
  focus?: { lat: number; lng: number; key: number } | null;
  className?: string;
};

const CLUSTER_RADIUS_PX = 48;
const CLUSTER_POPUP_ZOOM = 16;

export function EventMap({
  tileUrl,
  initialCenter,
  initialZoom,
  events,
  onViewChange,
  onCreateHere,
  onJoin,
  visible = true,
  focus = null,
  className,
}: EventMapProps) {
  const { t } = useI18n();
  const [map, setMap] = useState<L.Map | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; point: LatLng } | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  // The centre as an attribute, for tests and tools that cannot reach Leaflet's object.
  const [center, setCenter] = useState<LatLng>(initialCenter);
  // Tiles, outlines, controls and markers are added in the task after the map is created: together
  // they are one long task on a phone (ADR 050). The visible area is reported at once.
  const layers = useNextTask(map !== null);
  // The map itself is created in the task after the page around it is drawn, for the same reason.
  const created = useNextTask(true);

  // Re-measured when it comes back into view; a map created in view has just measured itself (a
  // second, forced layout at start is a long task on a phone).
  const measured = useRef(visible);
  useEffect(() => {
    if (!visible) {
      measured.current = false;
      return;
    }
    if (!map || measured.current) return;
    measured.current = true;
    map.invalidateSize();
  }, [map, visible]);

  useEffect(() => {
    if (map && focus) map.flyTo([focus.lat, focus.lng], FLY_ZOOM, { duration: FLY_SECONDS });
  }, [map, focus]);

  useEffect(() => {
    if (!menu) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenu(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menu]);

  return (
    <div
      className={cn('relative isolate overflow-hidden rounded-2xl border border-ink-700', className)}
      data-testid="event-map"
      data-tiles={tilesFailed ? 'failed' : 'ok'}
      data-center={`${center.lat.toFixed(5)},${center.lng.toFixed(5)}`}
    >
      {created ? (
        <MapContainer
          ref={setMap}
          center={[initialCenter.lat, initialCenter.lng]}
          zoom={initialZoom}
          zoomControl={false}
          className="squad-map squad-map--under-fab size-full"
          aria-label={t('map.label')}
        >
          <ViewReporter
            onViewChange={(view) => {
              setCenter(view.center);
              onViewChange(view);
            }}
          />
          {layers ? (
            <>
              <BaseLayers tileUrl={tileUrl} onTilesFailed={() => setTilesFailed(true)} />
              <ZoomControl
                position="bottomright"
                zoomInTitle={t('map.zoomIn')}
                zoomOutTitle={t('map.zoomOut')}
              />
              <MenuEvents onOpen={setMenu} onClose={() => setMenu(null)} />
              <ClusteredMarkers events={events} onJoin={onJoin} />
              <UserLocation />
            </>
          ) : null}
        </MapContainer>
      ) : null}

      <div className="absolute top-3 left-3 z-[1000] w-[min(22rem,calc(100%-5.5rem))]">
        <MapSearchBox map={map} />
      </div>
      {map ? <GeolocateButton map={map} /> : null}

      {tilesFailed ? (
        <p className="pointer-events-none absolute bottom-3 left-3 z-[999] max-w-[70%] rounded-lg lg:bottom-14 bg-ink-900/85 px-2.5 py-1 text-[11px] text-ink-300">
          {t('map.tilesOffline')}
        </p>
      ) : null}

      {menu ? (
        <div
          role="menu"
          aria-label={t('map.createHere')}
          className="absolute z-[1001] min-w-48 overflow-hidden rounded-xl border border-ink-600 bg-ink-850 py-1 shadow-2xl shadow-black/60"
          style={{ left: menu.x, top: menu.y }}
        >
          <button
            type="button"
            role="menuitem"
            autoFocus
            className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-semibold text-ink-100 hover:bg-ink-700"
            onClick={() => {
              onCreateHere(menu.point);
              setMenu(null);
            }}
          >
            <span aria-hidden="true">➕</span>
            {t('map.createHere')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

// Tells the route what is visible after every move (and once at the start), while the map has a size.
function ViewReporter({ onViewChange }: { onViewChange: (view: MapView) => void }) {
  const map = useMap();
  const callback = useRef(onViewChange);
  useEffect(() => {
    callback.current = onViewChange;
  }, [onViewChange]);
  useEffect(() => {
    const report = () => {
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return;
      const b = map.getBounds();
      const c = map.getCenter();
      callback.current({
        center: { lat: c.lat, lng: c.lng },
        bounds: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
        zoom: map.getZoom(),
      });
    };
    map.whenReady(report);
    map.on('moveend', report);
    map.on('resize', report);
    return () => {
      map.off('moveend', report);
      map.off('resize', report);
    };
  }, [map]);
  return null;
}

// Right-click opens 'Burada etkinlik oluştur'; any click, move or zoom closes it.
function MenuEvents({
  onOpen,
  onClose,
}: {
  onOpen: (menu: { x: number; y: number; point: LatLng }) => void;
  onClose: () => void;
}) {
  const map = useMap();
  useMapEvents({
    contextmenu(e) {
      const size = map.getSize();
      const x = Math.min(e.containerPoint.x, size.x - 200);
      const y = Math.min(e.containerPoint.y, size.y - 48);
      onOpen({ x: Math.max(4, x), y: Math.max(4, y), point: { lat: e.latlng.lat, lng: e.latlng.lng } });
    },
    // Closed by the user moving the map (drag, zoom, keyboard), not by an open popup panning itself
    // into view when the map is right-clicked.
    click: onClose,
    dragstart: onClose,
    zoomstart: onClose,
    keydown: onClose,
  });
  return null;
}

// Memoised: the map's own state (the context menu) must not re-render the markers, or an open popup
// pans itself into view again, which moves the map and closes the menu at once.
const ClusteredMarkers = memo(function ClusteredMarkers({
  events,
  onJoin,
}: {
  events: MapEvent[];
  onJoin?: (eventId: string) => void;
}) {
  const { t } = useI18n();
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  const clusters = useMemo(
    () => clusterByDistance(events, (e) => map.project([e.lat, e.lng], zoom), CLUSTER_RADIUS_PX),
    [events, map, zoom],
  );

  return (
    <>
      {clusters.map((cluster) => {
        if (cluster.items.length === 1) {
          const event = cluster.items[0];
          return <EventMarker key={event.id} event={event} onJoin={onJoin} />;
        }
        const position = map.unproject(L.point(cluster.center.x, cluster.center.y), zoom);
        const key = cluster.items.map((e) => e.id).join(',');
        const label = t('map.cluster', { count: cluster.items.length });
        const splittable = zoom < CLUSTER_POPUP_ZOOM;
        return (
          <Marker
            key={key}
            position={position}
            icon={clusterIcon(cluster.items.length, label)}
            title={label}
            eventHandlers={{
              click: () => {
                if (!splittable) return;
                const bounds = L.latLngBounds(cluster.items.map((e) => [e.lat, e.lng] as [number, number]));
                map.flyToBounds(bounds.pad(0.3), { maxZoom: CLUSTER_POPUP_ZOOM + 1, duration: 0.6 });
              },
            }}
          >
            {splittable ? null : (
              <Popup>
                <ul className="flex min-w-52 flex-col gap-2">
                  {cluster.items.map((event) => (
                    <li key={event.id}>
                      <EventPopupContent event={event} onJoin={onJoin} />
                    </li>
                  ))}
                </ul>
              </Popup>
            )}
          </Marker>
        );
      })}
    </>
  );
});

function EventMarker({ event, onJoin }: { event: MapEvent; onJoin?: (eventId: string) => void }) {
  return (
    <Marker
      position={[event.lat, event.lng]}
      icon={categoryIcon(event.icon)}
      title={event.title}
      alt={event.title}
    >
      <Popup>
        <EventPopupContent event={event} onJoin={onJoin} />
      </Popup>
    </Marker>
  );
}

function EventPopupContent({ event, onJoin }: { event: MapEvent; onJoin?: (eventId: string) => void }) {
  const { t } = useI18n();
  return (
    <div className="flex min-w-52 flex-col gap-1" data-testid="map-popup">
      <p className="text-[11px] font-semibold tracking-wide text-accent-400 uppercase">
        {event.categoryLabel}
      </p>
      <p className="text-sm leading-snug font-bold text-white">{event.title}</p>
      <p className="text-xs text-ink-200">
        👥 {t('map.participants', { current: event.participantCount, max: event.maxParticipants })}
      </p>
      <p className="text-xs font-semibold text-emerald-300">{event.priceLabel}</p>
      <div className="mt-1 flex gap-1.5">
        <Link
          to={`/dashboard/eventDetails/${event.id}`}
          className="inline-flex h-8 flex-1 items-center justify-center rounded-lg bg-accent-gradient px-3 text-xs font-bold !text-white"
        >
          {t('map.details')}
        </Link>
        {onJoin && event.joinable ? (
          <button
            type="button"
            onClick={() => onJoin(event.id)}
            className="inline-flex h-8 items-center justify-center rounded-lg border border-accent-400/70 px-3 text-xs font-bold text-white hover:bg-accent-500/20"
            aria-label={`${t('physical.join')}: ${event.title}`}
            data-testid="popup-join"
          >
            {t('physical.join')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
