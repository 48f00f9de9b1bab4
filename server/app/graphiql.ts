import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { Request, Response } from 'express';

const DEFAULT_QUERY = `# Squad GraphQL playground.
#
# Most fields need a signed-in user: put {"Authorization": "Bearer <access token>"} into the
# Headers tab below. Queries, mutations and subscriptions (graphql-ws) all send that header.
#
# Where to get an access token:
#  - signed in to the app in this browser: open the browser console and run
#      JSON.parse(localStorage['squad.session']).accessToken
#  - development, embedded or your own PostgreSQL (prints a token for the e-mail, creating the account):
#      DATABASE_URL=postgres://… npx tsx scripts/mint-token.ts you@example.com
#  - AWS Cognito: the AccessToken of an InitiateAuth (USER_PASSWORD_AUTH) answer.
query Me {
  me {
    id
    displayName
    tokenBalance
  }
}
`;

// GraphiQL's graphql-ws client sends no headers of its own: this puts the Headers tab's Authorization
// into connection_init ({headers: {Authorization}}), which the server reads like the HTTP header
// (websocket.ts tokenFromConnectionParams). The tab's headers are read from GraphiQL's storage
// (shouldPersistHeaders) when the socket opens.
const WS_AUTH_SCRIPT = `<script>
(function () {
  function currentHeaders() {
    try {
      var tabs = JSON.parse(localStorage.getItem('graphiql:tabState') || 'null');
      var text = tabs && tabs.tabs && tabs.tabs[tabs.activeTabIndex || 0] && tabs.tabs[tabs.activeTabIndex || 0].headers;
      if (!text) text = localStorage.getItem('graphiql:headers');
      var parsed = JSON.parse(text || '{}');
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch (e) { return {}; }
  }
  function authorization(headers) {
    for (var k in headers) if (k.toLowerCase() === 'authorization') return headers[k];
    return undefined;
  }
  var send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.indexOf('connection_init') !== -1) {
      try {
        var message = JSON.parse(data);
        var auth = authorization(currentHeaders());
        if (message.type === 'connection_init' && auth) {
          message.payload = message.payload || {};
          message.payload.headers = Object.assign({}, message.payload.headers, { Authorization: auth });
          data = JSON.stringify(message);
        }
      } catch (e) { /* not ours: sent as it was */ }
    }
    return send.call(this, data);
  };
})();
</script>`;

let html: string | undefined;

export function graphiqlHtml(): string {
  html ??= renderGraphiQL({
    title: 'Squad GraphQL',
    endpoint: '/graphql',
    subscriptionsProtocol: 'WS',
    defaultQuery: DEFAULT_QUERY,
    shouldPersistHeaders: true,
  }).replace('<head>', `<head>${WS_AUTH_SCRIPT}`);
  return html;
}

// GraphiQL with every asset inlined (no CDN), talking to /graphql over HTTP and graphql-ws.
export function graphiqlHandler(_req: Request, res: Response) {
  res
    .status(200)
    .setHeader('Cache-Control', 'no-cache')
    .setHeader(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
    )
    .type('html')
    .send(graphiqlHtml());
}
