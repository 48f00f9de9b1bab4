import type { Express, Request } from 'express';
import type { Database } from '#db/client.ts';
import type { Config } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';
import { devMailboxRouter } from '#server/mail/dev-mailbox.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Services } from '#server/modules/services.ts';
import { graphiqlHandler } from './graphiql.ts';
import { linkPreviews, type EventPage } from './link-previews.ts';
import { runtimeConfig } from './setup-http.ts';
import { createFirstScreens, signedInFromCookie } from './spa-first-screen.ts';
import { localeFromCookie, preloadTags, readViteManifest } from './spa-preload.ts';
import { spaContentSecurityPolicy, spaRouter } from './spa.ts';

// JSON inside <script type="application/json">: only "<" could end the element early.
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

// Pages for people: the dev outbox, GraphiQL.
export function mountTools(app: Express, options: { config: Config; mailer: Mailer; db: Database }) {
  const { config } = options;
  if (!config.isProduction && options.mailer.kind === 'outbox') app.use('/dev', devMailboxRouter(options.db));
  // 9 MB of HTML that lists the whole API: only where enabled (off in production by default).
  if (config.graphiql) app.get('/graphiql', graphiqlHandler);
}

// The built SPA with link previews and its content security policy; after every API route. Each page
// carries the runtime config and preloads its route's chunks and the user's language (ADR 044); the
// physical dashboard comes with its first screen (ADR 050).
export function mountSpa(app: Express, options: { config: Config; services: Services }) {
  const { config } = options;
  const previews = linkPreviews(options.services, config.publicUrl);
  let manifest: ReturnType<typeof readViteManifest> = null;
  const firstScreen = createFirstScreens(paths.clientDist, {
    googleSignIn: runtimeConfig(config, options.services).features.googleSignIn,
  });
  const transformIndex = async (req: Request, html: string): Promise<EventPage> => {
    const preview = await previews(req, html);
    const page = preview?.html ?? html;
    manifest ??= readViteManifest(paths.clientDist);
    const locale = localeFromCookie(req.headers.cookie);
    // Web push's public key (ADR 046) belongs to the config too; kept by the push service once read.
    const vapidPublicKey = await options.services.push.publicKey().catch(() => null);
    const runtime = { ...runtimeConfig(config, options.services), push: { vapidPublicKey } };
    const head = [
      `<script type="application/json" id="squad-config">${jsonForHtml(runtime)}</script>`,
      manifest ? preloadTags(manifest, req.path, locale) : '',
    ].join('');
    const full = page
      .replace('<html lang="tr"', `<html lang="${locale}"`)
      .replace('</head>', `${head}</head>`);
    // The physical dashboard's first screen for a signed-in device, the sign-in page's for one that is
    // not (ADR 050).
    const screen = firstScreen(full, req.path, locale, signedInFromCookie(req.headers.cookie));
    return { status: preview?.status ?? 200, html: screen.html };
  };
  app.use(
    spaRouter(
      paths.clientDist,
      transformIndex,
      spaContentSecurityPolicy({
        tileUrl: config.mapTileUrl,
        identityEndpoint: config.cognito.endpoint,
        publicUrl: config.publicUrl,
        mediaUrl: config.media.publicUrl,
        // The browser PUTs pictures straight to S3/MinIO in production.
        uploadEndpoint: config.s3.bucket
          ? (config.s3.publicEndpoint ??
            config.s3.endpoint ??
            `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`)
          : undefined,
      }),
    ),
  );
}
