import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs } from '#tests/helpers/flows.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 24 point 7 (ADR 055): one event's .ics answers 401 (not 500) to a token that does not verify,
// and the event's link-preview image is rendered once per version of the event, not per request.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const UPDATE = `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { id title } } }`;

describe('/calendar/events/<id>.ics with a token that does not verify', () => {
  it('answers 401 with a Bearer challenge to bad, expired and malformed tokens; a good token and none still get the file', async () => {
    const host = await app.newUser();
    const id = await createEventAs(app, host);
    const path = `/calendar/events/${id}.ics`;
    const good = app.tokenFor({ sub: host.sub, username: host.username });
    const [head, payload, signature] = good.split('.');
    const tampered = `${head}.${payload}.${signature.slice(0, -6)}${signature.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`;
    const expired = app.tokenFor({ sub: host.sub, username: host.username }, { ttlSeconds: -60 });
    for (const token of [tampered, expired, 'not-a-token', 'a.b.c', `${head}.${payload}`]) {
      const res = await app.rest('GET', path, { token });
      expect(res.status, token).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.code).toBe('UNAUTHENTICATED');
      expect(res.body.message).toMatch(/oturum/i);
    }
    const mine = await app.rest('GET', path, { token: good });
    expect(mine.status).toBe(200);
    expect(mine.body).toContain('BEGIN:VCALENDAR');
    expect((await app.rest('GET', path)).status).toBe(200);
  });
});

describe('/e/<id>/og.png', () => {
  const renders = async () => {
    const text = await (await fetch(`${app.baseUrl}/metrics`)).text();
    return Number(/^squad_event_card_renders_total (\d+)/m.exec(text)?.[1] ?? 'NaN');
  };

  it('renders once per version of the event: repeats come from the cache, a revalidation is a 304, an edit renders a new image', async () => {
    const host = await app.newUser();
    const id = await createEventAs(app, host, { overrides: { title: 'Moda’da akşam koşusu' } });
    const url = `${app.baseUrl}/e/${id}/og.png`;
    const before = await renders();

    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=600');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"card-[A-Za-z0-9_-]+"$/);
    const image = Buffer.from(await first.arrayBuffer());

    const again = await Promise.all([fetch(url), fetch(url), fetch(url)]);
    for (const res of again) {
      expect(res.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    }
    const revalidated = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await renders()).toBe(before + 1);

    const edited = await app.gql(
      UPDATE,
      { input: { id, title: 'Moda’da sabah koşusu' } },
      { token: host.token },
    );
    expect(edited.errors).toBeUndefined();
    const stale = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(stale.status).toBe(200);
    const newEtag = stale.headers.get('etag');
    expect(newEtag).not.toBe(etag);
    expect(Buffer.from(await stale.arrayBuffer()).equals(image)).toBe(false);
    await (await fetch(url)).arrayBuffer();
    expect(await renders()).toBe(before + 2);
  });
});
