import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';
import { CLIENT_ID, randomIp, signedUpUser } from '#tests/helpers/identity.ts';
import { freePort, hasNginx, startOwnNginx, type OwnNginx } from '#tests/helpers/own-servers.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// The shipped deployment: deploy/nginx.conf in front of the app with docker-compose.yml's TRUST_PROXY.
const shippedNginx = fs.readFileSync(path.join(paths.root, 'deploy', 'nginx.conf'), 'utf8');
const compose = fs.readFileSync(path.join(paths.root, 'docker-compose.yml'), 'utf8');
const composeTrustProxy = /^\s*TRUST_PROXY:\s*'?([^'\n]+)'?\s*$/m.exec(compose)?.[1];

// The shipped server block, pointed at this test's app and port instead of the compose services.
function localNginxConfig(appPort: number, port: number) {
  return shippedNginx
    .replace(/^resolver .*$/m, '')
    .replace(/server app:3000 resolve;/, `server 127.0.0.1:${appPort};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
}

describe('proxy trust in the shipped deployment', () => {
  it('nginx overwrites X-Forwarded-For and the app trusts exactly one hop', () => {
    expect(shippedNginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(shippedNginx).not.toContain('$proxy_add_x_forwarded_for');
    expect(loadConfig({ TRUST_PROXY: composeTrustProxy }).trustProxy).toBe(1);
    // Trusting every hop lets the client pick its address: refused at start.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe.runIf(inject('backend') === 'pglite' && hasNginx())('behind the shipped nginx', () => {
  let app: TestApp;
  let nginx: OwnNginx;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: composeTrustProxy } });
    const port = await freePort();
    nginx = await startOwnNginx(localNginxConfig(Number(new URL(app.baseUrl).port), port), port);
  });
  afterAll(async () => {
    await nginx?.destroy();
    await app?.close();
  });

  it('throttles 60 failed sign-ins that each invent an X-Forwarded-For', async () => {
    const { email } = await signedUpUser(app);
    const answers: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`http://127.0.0.1:${nginx.port}/cognito/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          'x-forwarded-for': randomIp(),
        },
        body: JSON.stringify({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: `yanlis-${i}` },
        }),
      });
      answers.push(((await res.json()) as { __type: string }).__type);
    }
    // Five wrong passwords from the one real address, then throttled.
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('NotAuthorizedException'));
    expect(answers.slice(5)).toEqual(Array(55).fill('LimitExceededException'));
  }, 60_000);
});
