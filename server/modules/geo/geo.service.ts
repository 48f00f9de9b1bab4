import { z } from 'zod';
import { badInput } from '#server/errors/app-error.ts';
import type { Config } from '#server/lib/config.ts';
import type { Logger } from '#server/lib/logger.ts';
import { parseInput } from '#server/lib/validation.ts';
import { foldTurkish } from '#server/lib/turkish-text.ts';
import { sharedBuiltinGeocoder } from './geo.builtin.ts';
import { createExternalGeocoder } from './geo.external.ts';
import { loadGazetteer, type DistrictRecord, type ProvinceRecord } from './geo.gazetteer.ts';
import type { Geocoder, PlaceModel } from './geo.types.ts';

// The GraphQL Province and District.
export type DistrictModel = { name: string; provinceCode: number; center: { lat: number; lng: number } };
export type ProvinceModel = {
  code: number;
  name: string;
  center: { lat: number; lng: number };
  districts: DistrictModel[];
};

const latitude = z.number('validation.latLng').min(-90, 'validation.latLng').max(90, 'validation.latLng');
const longitude = z.number('validation.latLng').min(-180, 'validation.latLng').max(180, 'validation.latLng');

const geocodeSchema = z.object({
  text: z.string().trim().min(1).max(200),
  limit: z
    .number('validation.geocodeLimit')
    .int('validation.geocodeLimit')
    .min(1, 'validation.geocodeLimit')
    .max(10, 'validation.geocodeLimit')
    .nullish()
    .transform((v) => v ?? 5),
  near: z.object({ lat: latitude, lng: longitude }).nullish(),
});

// Either coordinate wrong names the pair, reported on `lat`.
const pointSchema = z.object({ lat: latitude, lng: longitude });

const toDistrict = (d: DistrictRecord): DistrictModel => ({
  name: d.name,
  provinceCode: d.provinceCode,
  center: { lat: d.lat, lng: d.lng },
});

const toProvince = (p: ProvinceRecord): ProvinceModel => ({
  code: p.code,
  name: p.name,
  center: { lat: p.lat, lng: p.lng },
  districts: p.districts.map(toDistrict),
});

// Places and geocoding (ARCHITECTURE §6). Built where the app is created; GEOCODER_URL switches the
// engine to an external Nominatim/Photon service with the gazetteer as its fallback.
export function createGeoService(config: Pick<Config, 'geocoderUrl' | 'publicUrl'>, logger: Logger) {
  const gazetteer = loadGazetteer();
  const builtin = sharedBuiltinGeocoder(gazetteer);
  const isInTurkey = (lat: number, lng: number) => gazetteer.isInTurkey(lat, lng);
  const geocoder: Geocoder = config.geocoderUrl
    ? createExternalGeocoder({
        url: config.geocoderUrl,
        userAgent: `Squad/0.1 (+${config.publicUrl})`,
        fallback: builtin,
        logger,
        isInTurkey,
        districtAt: (lat, lng) => {
          const here = builtin.reverseSync(lat, lng);
          return here.province ? { province: here.province, district: here.district } : null;
        },
      })
    : builtin;
  const provinces = gazetteer.provinces.map(toProvince);
  const byCode = new Map(provinces.map((p) => [p.code, p]));
  // Provinces and their districts by folded name: "istanbul", "ISTANBUL" and "İstanbul" are one.
  const byName = new Map(
    provinces.map((p) => [
      foldTurkish(p.name),
      { province: p, districts: new Map(p.districts.map((d) => [foldTurkish(d.name), d])) },
    ]),
  );

  return {
    // Shown wherever gazetteer data is (GeoNames and ODbL require it).
    attribution: gazetteer.attribution,
    engine: geocoder.name,
    isInTurkey,

    provinces(): ProvinceModel[] {
      return provinces;
    },

    districts(provinceCode: number): DistrictModel[] {
      const province = byCode.get(provinceCode);
      if (!province) throw badInput([{ field: 'provinceCode', key: 'validation.provinceCode' }]);
      return province.districts;
    },

    // A user's home (profile city and district): the gazetteer's names and the point of the district,
    // else of the province. `district` must belong to `city`.
    home(
      city: string,
      district: string | null,
    ):
      | { ok: true; city: string; district: string | null; point: { lat: number; lng: number } }
      | { ok: false; problem: 'unknownCity' | 'unknownDistrict' } {
      const entry = byName.get(foldTurkish(city.trim()));
      if (!entry) return { ok: false, problem: 'unknownCity' };
      if (district === null)
        return { ok: true, city: entry.province.name, district: null, point: entry.province.center };
      const d = entry.districts.get(foldTurkish(district.trim()));
      if (!d) return { ok: false, problem: 'unknownDistrict' };
      return { ok: true, city: entry.province.name, district: d.name, point: d.center };
    },

    async geocode(input: unknown): Promise<PlaceModel[]> {
      const v = parseInput(geocodeSchema, input, '');
      return geocoder.search(v.text, { limit: v.limit, near: v.near ?? undefined });
    },

    async reverseGeocode(input: unknown): Promise<PlaceModel> {
      const point = pointSchema.safeParse(input);
      if (!point.success) throw badInput([{ field: 'lat', key: 'validation.latLng' }]);
      const { lat, lng } = point.data;
      if (!isInTurkey(lat, lng)) throw badInput([{ field: 'lat', key: 'validation.locationOutsideTurkey' }]);
      // Within Turkey's waters but not on its land (the Black Sea off Şile): no district to name (ADR 071).
      if (!gazetteer.isOnLand(lat, lng))
        throw badInput([{ field: 'lat', key: 'validation.locationNotOnLand' }]);
      return geocoder.reverse(lat, lng);
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
