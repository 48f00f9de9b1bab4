import type { Config } from '#server/lib/config.ts';
import type { Locale } from '#server/lib/i18n.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { Services } from '#server/modules/services.ts';
import { unauthenticated } from '#server/errors/app-error.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import type { Viewer } from './viewer.ts';

export type { Viewer };

export type Context = {
  viewer: Viewer | null;
  services: Services;
  loaders: Loaders;
  config: Config;
  logger: Logger;
  requestId: string;
  locale: Locale;
  ip: string | null;
  // One "now" per request, so every field of a response agrees on status and time left.
  now: Date;
};

export function buildContext({
  cacheLoaders = true,
  ...args
}: Omit<Context, 'loaders'> & { cacheLoaders?: boolean }): Context {
  return { ...args, loaders: createLoaders(args.services, args.viewer, { cache: cacheLoaders }) };
}

// For resolvers behind @auth: the directive already refused anonymous calls; this narrows the type.
export function requireViewer(ctx: Pick<Context, 'viewer'>): Viewer {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}
