import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createCognitoClient } from '#client/features/auth/cognitoClient.ts';
import { paths } from '#server/lib/paths.ts';

// A third-party check of the protocol: the SPA's own Cognito client, unchanged, against cognito-local
// (an independent Cognito emulator). Its happy paths must work there as they do against our provider.
let child: ChildProcess;
let logFile = '';
// Written to a file: through a pipe cognito-local's logger holds its output back.
const output = () => (logFile && fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
let endpoint = '';
let dir = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

// cognito-local prints the codes it "sends"; read the newest one for a username from its output.
async function codeFor(sub: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    // eslint-disable-next-line no-control-regex
    const plain = output().replace(/\u001b\[[0-9;]*m/g, '');
    const blocks = plain.split('Username:').filter((b) => b.includes(sub));
    const code = blocks.length ? /Code:\s+(\d{6})/.exec(blocks.at(-1)!)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${sub} in cognito-local's output: ${output().slice(-1500)}`);
}

describe.runIf(inject('backend') === 'pglite')('the SPA Cognito client against cognito-local', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-cognito-local-'));
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}/`;
    logFile = path.join(dir, 'cognito-local.log');
    const fd = fs.openSync(logFile, 'w');
    child = spawn(process.execPath, [path.join(paths.root, 'node_modules/cognito-local/lib/bin/start.js')], {
      cwd: dir,
      // Not NODE_ENV=test: cognito-local then stops printing the codes it "sends".
      env: { ...process.env, PORT: String(port), NODE_ENV: 'development' },
      stdio: ['ignore', fd, fd],
    });
    fs.closeSync(fd);
    for (let i = 0; i < 100 && !output().includes('Cognito Local running'); i++)
      await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    child?.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('signs up, confirms, signs in, refreshes, reads the user and resets the password', async () => {
    const admin = new CognitoIdentityProviderClient({
      region: 'local',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const pool = await admin.send(
      new CreateUserPoolCommand({
        PoolName: 'squad',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
      }),
    );
    const app = await admin.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.UserPool!.Id!,
        ClientName: 'squad-web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const cognito = createCognitoClient({ endpoint, clientId: app.UserPoolClient!.ClientId! });
    const email = 'yerel.kullanici@squad.test';

    const signed = await cognito.signUp(email, 'Gizli-sifre-1');
    expect(signed.UserConfirmed).toBe(false);
    await cognito.confirmSignUp(email, await codeFor(signed.UserSub));

    const tokens = await cognito.signIn(email, 'Gizli-sifre-1');
    expect(tokens.AccessToken).toBeTruthy();
    expect(tokens.RefreshToken).toBeTruthy();
    const user = await cognito.getUser(tokens.AccessToken);
    expect(user.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: email }]));
    const refreshed = await cognito.refresh(tokens.RefreshToken!);
    expect(refreshed.AccessToken).toBeTruthy();

    await cognito.forgotPassword(email);
    await cognito.confirmForgotPassword(email, await codeFor(signed.UserSub), 'Yeni-Sifre-2!');
    const again = await cognito.signIn(email, 'Yeni-Sifre-2!');
    expect(again.IdToken).toBeTruthy();
    // (cognito-local does not implement GlobalSignOut; our provider's sign-out is tested with the AWS SDK.)

    // Errors surface as typed CognitoErrors (cognito-local names a wrong password
    // InvalidPasswordException where Cognito says NotAuthorizedException; the happy paths agree).
    await expect(cognito.signIn(email, 'yanlis')).rejects.toMatchObject({
      name: 'CognitoError',
      status: 400,
    });
  });
});
