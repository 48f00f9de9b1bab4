import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { Request, Response } from 'express';

const DEFAULT_QUERY = `# Squad GraphQL playground. Sign in to the app, then put your access token into the
# Headers tab as {"Authorization": "Bearer <token>"}; subscriptions use the same header.
query Me {
  me {
    id
    displayName
    tokenBalance
  }
}
`;

let html: string | undefined;

// GraphiQL with every asset inlined (no CDN), talking to /graphql over HTTP and graphql-ws.
export function graphiqlHandler(_req: Request, res: Response) {
  html ??= renderGraphiQL({
    title: 'Squad GraphQL',
    endpoint: '/graphql',
    subscriptionsProtocol: 'WS',
    defaultQuery: DEFAULT_QUERY,
    shouldPersistHeaders: true,
  });
  res
    .status(200)
    .setHeader('Cache-Control', 'no-cache')
    .setHeader(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
    )
    .type('html')
    .send(html);
}
