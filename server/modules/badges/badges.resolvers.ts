import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { badgeDef } from './badges.catalog.ts';

// Names and descriptions in the request's language; the stored id is all a badge row has.
export const badgesResolvers: Resolvers = {
  Query: {
    badgeCatalog: (_parent, _args, ctx) => [...ctx.services.badges.catalog()],
  },
  Badge: {
    name: (b, _args, ctx) => badgeDef(b.id).name[ctx.locale],
    description: (b, _args, ctx) => badgeDef(b.id).description[ctx.locale],
    icon: (b) => badgeDef(b.id).icon,
  },
  BadgeDefinition: {
    name: (b, _args, ctx) => b.name[ctx.locale],
    description: (b, _args, ctx) => b.description[ctx.locale],
  },
};
