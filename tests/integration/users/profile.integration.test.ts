import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const UPDATE = `mutation Update($input: UpdateProfileInput!) {
  updateProfile(input: $input) {
    viewer {
      id displayName username bio city district interests { id label }
      homePoint { lat lng } exactLocation { lat lng address }
    }
    newBadges { id name }
  }
}`;
const CHECK = `query Check($u: String!) { usernameAvailable(username: $u) { username available reason } }`;
const ME = `{ me { id displayName username bio city district interests { id label } homePoint { lat lng }
  exactLocation { lat lng address } } }`;

const update = (user: TestUser, input: Record<string, unknown>, headers?: Record<string, string>) =>
  app.gql(UPDATE, { input }, { token: user.token, headers });
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

describe('updateProfile', () => {
  it('saves every field; the home point is the district of the gazetteer', async () => {
    const user = await app.newUser();
    const username = unique('ayse.');
    const res = await update(user, {
      displayName: '  Ayşe   Yılmaz ',
      username: `@A${username.slice(1)}`,
      bio: 'Hafta sonları halı saha,\n\n\n\nakşamları Valorant.',
      city: 'istanbul',
      district: 'KADIKÖY',
      exactLocation: { lat: 40.9901, lng: 29.0283, address: 'Moda, Kadıköy' },
      interests: ['hali-saha', 'valorant', 'hali-saha'],
    });
    expect(res.errors).toBeUndefined();
    const { viewer } = res.data.updateProfile;
    expect(viewer).toMatchObject({
      displayName: 'Ayşe Yılmaz',
      username,
      bio: 'Hafta sonları halı saha,\n\nakşamları Valorant.',
      city: 'İstanbul',
      district: 'Kadıköy',
      interests: [
        { id: 'hali-saha', label: 'Halı Saha' },
        { id: 'valorant', label: 'Valorant' },
      ],
      exactLocation: { lat: 40.9901, lng: 29.0283, address: 'Moda, Kadıköy' },
    });
    const districts = await app.gql(`{ districts(provinceCode: 34) { name center { lat lng } } }`);
    const kadikoy = districts.data.districts.find((d: { name: string }) => d.name === 'Kadıköy');
    expect(viewer.homePoint).toEqual(kadikoy.center);

    // Read back; then a partial change keeps everything else, and null clears.
    const again = await update(user, { bio: null, exactLocation: null });
    expect(again.errors).toBeUndefined();
    const me = (await app.gql(ME, undefined, { token: user.token })).data.me;
    expect(me).toMatchObject({
      displayName: 'Ayşe Yılmaz',
      city: 'İstanbul',
      district: 'Kadıköy',
      bio: null,
    });
    expect(me.exactLocation).toBeNull();

    // A new city without a district drops the old district; the point follows the province.
    const moved = await update(user, { city: 'Ankara' });
    expect(moved.data.updateProfile.viewer).toMatchObject({ city: 'Ankara', district: null });
    const provinces = await app.gql(`{ provinces { name center { lat lng } } }`);
    const ankara = provinces.data.provinces.find((p: { name: string }) => p.name === 'Ankara');
    expect(moved.data.updateProfile.viewer.homePoint).toEqual(ankara.center);
    const cleared = await update(user, { city: null });
    expect(cleared.data.updateProfile.viewer).toMatchObject({ city: null, district: null, homePoint: null });
  });

  it('refuses bad values with the field and a Turkish message, and saves nothing', async () => {
    const user = await app.newUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ displayName: 'A' }, 'input.displayName', 'En az 2 karakter olmalı.'],
      [{ displayName: 'x'.repeat(51) }, 'input.displayName', 'En fazla 50 karakter olabilir.'],
      [{ displayName: '\u200b\u200b' }, 'input.displayName', 'Bu alan zorunlu.'],
      [{ username: 'ab' }, 'input.username', 'Kullanıcı adı 3 ile 20 karakter arasında olmalı.'],
      [
        { username: 'ali veli' },
        'input.username',
        'Kullanıcı adında yalnızca harf, rakam, "_" ve "." olabilir.',
      ],
      [{ username: '9lives' }, 'input.username', 'Kullanıcı adı bir harfle başlamalı.'],
      [
        { username: 'ali..veli' },
        'input.username',
        'Kullanıcı adı "." ile bitemez; "." ve "_" art arda gelemez.',
      ],
      [{ username: 'Yardım' }, 'input.username', 'Bu kullanıcı adı ayrılmış, başka bir tane seç.'],
      [{ bio: 'x'.repeat(501) }, 'input.bio', 'Biyografi en fazla 500 karakter olabilir.'],
      [{ city: 'Gotham' }, 'input.city', 'Böyle bir il yok.'],
      [{ city: 'Ankara', district: 'Kadıköy' }, 'input.district', 'Bu ilçe seçilen ilde yok.'],
      [{ district: 'Kadıköy' }, 'input.district', 'İlçe seçmeden önce il seç.'],
      [
        { exactLocation: { lat: 48.8566, lng: 2.3522 } },
        'input.exactLocation.lat',
        'Konum Türkiye sınırları içinde olmalı.',
      ],
      [{ exactLocation: { lat: 95, lng: 29 } }, 'input.exactLocation.lat', 'Geçersiz koordinat.'],
      [
        { interests: ['hali-saha', 'uzay-yolculugu'] },
        'input.interests',
        'Bilinmeyen ilgi alanı: uzay-yolculugu',
      ],
      [
        { interests: Array.from({ length: 21 }, (_, i) => `tag${i}`) },
        'input.interests',
        'En fazla 20 ilgi alanı seçebilirsin.',
      ],
    ];
    for (const [input, field, message] of cases) {
      const error = expectOneError(await update(user, input), 'BAD_USER_INPUT');
      expect(error.extensions?.field, JSON.stringify(input)).toBe(field);
      expect(error.message, JSON.stringify(input)).toBe(message);
    }
    const english = expectOneError(
      await update(user, { city: 'Gotham' }, { 'accept-language': 'en' }),
      'BAD_USER_INPUT',
    );
    expect(english.message).toBe('No such province.');
    const me = (await app.gql(ME, undefined, { token: user.token })).data.me;
    expect(me).toMatchObject({ username: null, bio: null, city: null, district: null, interests: [] });
  });

  it('puts names and the bio through the content check', async () => {
    const user = await app.newUser();
    const bio = expectOneError(await update(user, { bio: 'siktir git lan' }), 'BAD_USER_INPUT');
    expect(bio.extensions?.field).toBe('input.bio');
    expect(bio.message).toMatch(/^Bu metin içerik kontrolünden geçemedi: .+\.$/);
    const name = expectOneError(await update(user, { displayName: 's1kt1r git' }), 'BAD_USER_INPUT');
    expect(name.extensions?.field).toBe('input.displayName');
    // Innocent text passes, a link in a bio too (review is not a refusal).
    const fine = await update(user, { bio: 'Valorant profilim: tracker.gg/valorant/profile/ayse' });
    expect(fine.errors).toBeUndefined();
  });
});

describe('usernames', () => {
  it('are unique regardless of case and Turkish letters', async () => {
    const [a, b] = [await app.newUser(), await app.newUser()];
    const base = unique('çağrı');
    expect((await update(a, { username: base })).errors).toBeUndefined();
    const folded = base.replace('ç', 'c').replace('ğ', 'g').replace('ı', 'i').toUpperCase();

    const taken = expectOneError(await update(b, { username: folded }), 'CONFLICT');
    expect(taken.message).toBe('Kullanıcı adı zaten alınmış');
    expect(taken.extensions?.field).toBe('input.username');

    const forB = await app.gql(CHECK, { u: folded }, { token: b.token });
    expect(forB.data.usernameAvailable).toEqual({
      username: folded.toLocaleLowerCase('tr-TR'),
      available: false,
      reason: 'Kullanıcı adı zaten alınmış',
    });
    // Your own name, spelled another way, is yours to keep.
    const forA = await app.gql(CHECK, { u: folded }, { token: a.token });
    expect(forA.data.usernameAvailable.available).toBe(true);
    expect((await update(a, { username: folded })).errors).toBeUndefined();

    const free = await app.gql(CHECK, { u: unique('zeynep') }, { token: b.token });
    expect(free.data.usernameAvailable).toMatchObject({ available: true, reason: null });
    const bad = await app.gql(CHECK, { u: 'admin' }, { token: b.token });
    expect(bad.data.usernameAvailable).toMatchObject({
      available: false,
      reason: 'Bu kullanıcı adı ayrılmış, başka bir tane seç.',
    });
  });

  it('go to exactly one of many users claiming one at the same moment', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => app.newUser()));
    const wanted = unique('kapismak');
    const results = await Promise.all(users.map((u) => update(u, { username: wanted })));
    const winners = results.filter((r) => !r.errors);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) {
      expect(expectOneError(r, 'CONFLICT').message).toBe('Kullanıcı adı zaten alınmış');
    }
    const holders = await Promise.all(
      users.map(async (u) => (await app.gql(ME, undefined, { token: u.token })).data.me.username),
    );
    expect(holders.filter((h) => h === wanted)).toHaveLength(1);
  });
});

describe('REST profile', () => {
  it('takes the settings form and the interests editor of the spec', async () => {
    const user = await app.newUser();
    const username = unique('mehmet_');
    const form = await app.rest('PUT', '/private/profile', {
      token: user.token,
      body: {
        displayName: 'Mehmet K.',
        username,
        bio: 'Kutu oyunu sever.',
        city: 'İzmir',
        district: 'Karşıyaka',
        coordinates: [0, 0],
        exactLocation: { lng: 27.11, lat: 38.46, address: 'Karşıyaka çarşı' },
      },
    });
    expect(form.status).toBe(200);
    expect(form.body.message).toBe('Profil güncellendi');
    expect(form.body.profile).toMatchObject({
      displayName: 'Mehmet K.',
      username,
      city: 'İzmir',
      district: 'Karşıyaka',
    });
    // Coordinates follow the district, not what was sent.
    expect(form.body.profile.coordinates).not.toEqual([0, 0]);

    const interests = await app.rest('PUT', '/private/profile', {
      token: user.token,
      body: { interests: ['Valorant', 'Halı Saha', 'satranc'] },
    });
    expect(interests.status).toBe(200);
    expect(interests.body.message).toBe('İlgi alanları güncellendi');
    const profile = await app.rest('GET', '/private/profile', { token: user.token });
    expect(profile.body).toMatchObject({
      username,
      bio: 'Kutu oyunu sever.',
      interests: ['Valorant', 'Halı Saha', 'Satranç'],
      exactLocation: { lng: 27.11, lat: 38.46, address: 'Karşıyaka çarşı' },
    });

    const check = await app.rest(
      'GET',
      `/private/check-username/${encodeURIComponent(username.toUpperCase())}`,
      {
        token: (await app.newUser()).token,
      },
    );
    expect(check.status).toBe(200);
    expect(check.body.available).toBe(false);
    const mine = await app.rest('GET', `/private/check-username/${username}`, { token: user.token });
    expect(mine.body.available).toBe(true);

    const bad = await app.rest('PUT', '/private/profile', {
      token: user.token,
      body: { district: 'Çankaya' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Bu ilçe seçilen ilde yok.', field: 'input.district' });
    const notJson = await app.rest('PUT', '/private/profile', {
      token: user.token,
      body: { exactLocation: { lat: 'kuzey', lng: 29 } },
    });
    expect(notJson.status).toBe(400);
    expect((await app.rest('PUT', '/private/profile', { body: {} })).status).toBe(401);
  });
});

describe('settings', () => {
  it('keeps the language and e-mail choices on the account', async () => {
    const user = await app.newUser();
    const q = `{ me { locale notificationPreferences { emailJoinRequests emailDecisions } } }`;
    expect((await app.gql(q, undefined, { token: user.token })).data.me).toEqual({
      locale: 'tr',
      notificationPreferences: {
        emailJoinRequests: true,
        emailDecisions: true,
      },
    });
    const res = await app.gql(
      `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { viewer { locale } } }`,
      { input: { locale: 'en', emailDecisions: false } },
      { token: user.token },
    );
    expect(res.errors).toBeUndefined();
    const after = (await app.gql(q, undefined, { token: user.token })).data.me;
    expect(after.locale).toBe('en');
    expect(after.notificationPreferences).toMatchObject({ emailDecisions: false, emailJoinRequests: true });
    const bad = await app.gql(
      `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { viewer { locale } } }`,
      { input: { locale: 'de' } },
      { token: user.token },
    );
    expect(expectOneError(bad, 'BAD_USER_INPUT').message).toBe('Dil "tr" veya "en" olmalı.');
  });
});
