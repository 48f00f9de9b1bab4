import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { LocationPickerProps } from '#client/lib/locationPicker.ts';
import { MapBoundary } from '#client/features/map/MapBoundary.tsx';

// The wizard's map picker, loaded with the map chunk when the location step first opens.
const Picker = lazy(() =>
  import('#client/features/map/LocationPicker.tsx').then((m) => ({ default: m.LocationPicker })),
);

export function LazyLocationPicker(props: LocationPickerProps) {
  const { t } = useI18n();
  return (
    <MapBoundary
      fallback={
        <p className="rounded-xl border border-ink-700 p-6 text-center text-sm text-ink-300">
          {t('map.unsupported')}
        </p>
      }
    >
      <Suspense
        fallback={
          <div className="flex h-72 items-center justify-center gap-2 rounded-xl border border-ink-700 text-sm text-ink-300">
            <Spinner /> {t('wizard.location.mapLoading')}
          </div>
        }
      >
        <Picker {...props} />
      </Suspense>
    </MapBoundary>
  );
}
