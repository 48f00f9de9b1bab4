import type { Express } from 'express';
import type { Database } from '#db/client.ts';
import type { Config } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';
import { devMailboxRouter } from '#server/mail/dev-mailbox.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Services } from '#server/modules/services.ts';
import { graphiqlHandler } from './graphiql.ts';
import { linkPreviews } from './link-previews.ts';
import { spaContentSecurityPolicy, spaRouter } from './spa.ts';

// Pages for people: the dev outbox, GraphiQL.
export function mountTools(app: Express, options: { config: Config; mailer: Mailer; db: Database }) {
  const { config } = options;
  if (!config.isProduction && options.mailer.kind === 'outbox') app.use('/dev', devMailboxRouter(options.db));
  // 9 MB of HTML that lists the whole API: only where enabled (off in production by default).
  if (config.graphiql) app.get('/graphiql', graphiqlHandler);
}

// The built SPA with link previews and its content security policy; after every API route.
export function mountSpa(app: Express, options: { config: Config; services: Services }) {
  const { config } = options;
  app.use(
    spaRouter(
      paths.clientDist,
      linkPreviews(options.services, config.publicUrl),
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
