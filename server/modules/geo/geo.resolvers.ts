import type { Resolvers } from '#server/__generated__/resolvers-types.ts';

export const geoResolvers: Resolvers = {
  Query: {
    provinces: (_parent, _args, ctx) => ctx.services.geo.provinces(),
    districts: (_parent, { provinceCode }, ctx) => ctx.services.geo.districts(provinceCode),
    geocode: (_parent, args, ctx) => ctx.services.geo.geocode(args),
    reverseGeocode: (_parent, args, ctx) => ctx.services.geo.reverseGeocode(args),
  },
};
