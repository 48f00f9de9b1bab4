import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoWithGps } from '#tests/factories/images.ts';
import { accessToken, confirmedAccount, graphql } from './accounts.ts';
import { findCard, launch, MOBILE, newContext, shot, signIn, watchErrors } from './browser.ts';

// A new user makes the profile theirs in Chromium: name, username (checked), bio, city and district,
// an exact location picked on the map, interests and a photo; then sees them on the profile, earns
// the profile badge, and a host sees them in the request list and in the profile dialog.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const dayInTurkey = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('profile in Chromium', () => {
  it('sets every field, the photo and interests, and shows them to a host', async () => {
    const me = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, me.email, me.password);

    await page.goto('/dashboard/profile');
    await expect.poll(() => page.getByTestId('profile-username').textContent()).toBe('Henüz belirlenmemiş');
    await page.getByRole('tab', { name: 'Ayarlar' }).click();
    const form = page.getByTestId('profile-settings');
    const username = `zeynep_${Date.now().toString(36).slice(-5)}`;
    await form.getByLabel('Görünen ad').fill('Zeynep Arslan');
    await form.getByLabel('Kullanıcı adı').fill('admin');
    await form.getByRole('button', { name: 'Kontrol Et' }).click();
    await expect
      .poll(() => page.getByTestId('username-status').textContent())
      .toContain('Bu kullanıcı adı ayrılmış');
    await form.getByLabel('Kullanıcı adı').fill(username);
    await form.getByRole('button', { name: 'Kontrol Et' }).click();
    await expect
      .poll(() => page.getByTestId('username-status').textContent())
      .toContain('Kullanıcı adı uygun');
    await form.getByLabel('Biyografi').fill('Hafta sonu halı saha, akşamları Valorant.');
    await form.getByLabel('Şehir').selectOption('İstanbul');
    await form.getByLabel('İlçe').selectOption('Kadıköy');
    await form.getByRole('button', { name: /Haritada Seç/ }).click();
    const map = page.getByTestId('location-picker-map');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.leaflet-container').first().waitFor();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('confirm-location').isEnabled(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'profile-location-picker');
    await page.getByTestId('confirm-location').click();
    await expect
      .poll(() => page.getByTestId('exact-location').textContent())
      .not.toContain('Henüz seçilmedi');
    await page.getByTestId('profile-save').click();
    await page.getByText('Profil güncellendi').first().waitFor();
    await expect.poll(() => page.getByTestId('profile-username').textContent()).toBe(`@${username}`);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Zeynep Arslan');

    // A PDF is refused before anything is sent; a phone photo becomes the picture.
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 sahte'),
    });
    await page.getByText('Lütfen bir resim dosyası seçin').first().waitFor();
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'ben.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoWithGps(),
    });
    await page.getByText('Profil fotoğrafın güncellendi 📸').first().waitFor();
    const picture = page.locator('main img[src*="/media/avatars/"][src$="-512.webp"]').first();
    await picture.waitFor();
    // Attached is not loaded: the browser may still be fetching the picture.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(512);

    const interests = page.getByTestId('interests-editor');
    await interests.getByRole('button', { name: 'Halı Saha ekle' }).click();
    await interests.getByRole('button', { name: 'Kahve Sohbeti ekle' }).click();
    await interests.getByRole('button', { name: 'Online', exact: true }).click();
    await interests.getByRole('button', { name: 'Valorant ekle' }).click();
    await interests.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('İlgi alanları güncellendi').first().waitFor();

    // The last piece of a complete profile earned the badge, live.
    await page.getByText('Yeni rozet kazandın: Tanışalım').first().waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'Rozetler' }).click();
    await expect
      .poll(() => page.getByTestId('badge-shelf').locator('[data-earned="true"]').allTextContents())
      .toEqual([expect.stringContaining('Tanışalım')]);
    await page.getByRole('tab', { name: 'Genel Bakış' }).click();
    await expect.poll(() => page.getByTestId('profile-bio').textContent()).toContain('Valorant');
    await shot(page, 'profile-complete');

    // A host sees the name, the picture and the profile in the request list and the dialog.
    const host = await confirmedAccount();
    const hostToken = await accessToken(host.email, host.password);
    const { createEvent } = await graphql<{ createEvent: { event: { id: string } } }>(
      hostToken,
      `
        mutation ProfileE2ECreate($input: CreateEventInput!) {
          createEvent(input: $input) {
            event {
              id
            }
          }
        }
      `,
      {
        input: {
          mode: 'ONLINE',
          title: 'Valorant unrated akşamı',
          description: 'Rahat bir akşam, herkes gelebilir.',
          category: 'popular-games',
          tags: ['valorant'],
          date: dayInTurkey(1),
          time: '21:00',
          durationMinutes: 120,
          maxParticipants: 4,
          platform: 'valorant',
        },
      },
    );
    const myToken = await accessToken(me.email, me.password);
    await graphql(
      myToken,
      `
        mutation ProfileE2EJoin($input: RequestToJoinInput!) {
          requestToJoin(input: $input) {
            joinRequest {
              id
            }
          }
        }
      `,
      { input: { eventId: createEvent.event.id, message: 'Selam, ben de oynamak isterim!' } },
    );
    const hostContext = await newContext(browser, MOBILE);
    const hostPage = await hostContext.newPage();
    await signIn(hostPage, host.email, host.password);
    await hostPage.goto(`/dashboard/eventDetails/${createEvent.event.id}`);
    await hostPage.getByRole('tab', { name: /Requests|İstekler/ }).click();
    const request = hostPage.getByText('Zeynep Arslan').first();
    await request.waitFor();
    expect(await hostPage.locator(`img[src*="/media/avatars/"]`).count()).toBeGreaterThan(0);
    await request.click();
    const dialog = hostPage.getByTestId('profile-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`@${username}`);
    expect(await dialog.textContent()).toContain('Kadıköy, İstanbul');
    expect(await dialog.textContent()).toContain('Valorant');
    await dialog.getByRole('tab', { name: /Rozetler/ }).click();
    await expect.poll(() => dialog.textContent()).toContain('Tanışalım');
    await shot(hostPage, 'profile-dialog-mobile');
    await hostContext.close();

    // Hosting, the name and the picture are on the event's card.
    const title = `Moda'da kahve ${Date.now().toString(36).slice(-4)}`;
    await graphql(
      myToken,
      `
        mutation ProfileE2EHost($input: CreateEventInput!) {
          createEvent(input: $input) {
            event {
              id
            }
          }
        }
      `,
      {
        input: {
          mode: 'PHYSICAL',
          title,
          description: 'Sahilde kahve ve sohbet, herkes gelebilir.',
          category: 'social',
          tags: ['kahve-sohbeti'],
          date: dayInTurkey(2),
          time: '17:00',
          durationMinutes: 90,
          maxParticipants: 6,
          location: { name: 'Moda Sahil', address: 'Moda, Kadıköy', lat: 40.9834, lng: 29.0254 },
          publicLocation: 'Kadıköy, İstanbul',
        },
      },
    );
    const listContext = await newContext(browser);
    const listPage = await listContext.newPage();
    await signIn(listPage, host.email, host.password);
    const card = await findCard(listPage, title);
    expect(await card.textContent()).toContain('Zeynep Arslan');
    expect(await card.locator('img[src*="/media/avatars/"]').count()).toBe(1);
    await listContext.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the settings page: language on the account, e-mail choices, blocked users', async () => {
    const me = await confirmedAccount();
    const pest = await confirmedAccount();
    const pestToken = await accessToken(pest.email, pest.password);
    const { updateProfile: named } = await graphql<{ updateProfile: { viewer: { id: string } } }>(
      pestToken,
      `
        mutation ProfileE2EName {
          updateProfile(input: { displayName: "Rahatsız Eden" }) {
            viewer {
              id
            }
          }
        }
      `,
      {},
    );
    const myToken = await accessToken(me.email, me.password);
    await graphql(
      myToken,
      `
        mutation ProfileE2EBlock($id: ID!) {
          blockUser(input: { userId: $id }) {
            user {
              id
            }
          }
        }
      `,
      {
        id: named.viewer.id,
      },
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, me.email, me.password);
    await page.goto('/dashboard/settings');
    const blocked = page.getByTestId('blocked-users');
    await blocked.getByText('Rahatsız Eden').waitFor();
    await blocked.getByRole('button', { name: 'Engeli Kaldır' }).click();
    await page.getByText('Kimseyi engellemedin.').waitFor();
    const mails = page.getByTestId('notification-settings');
    const decisions = mails.getByRole('switch', { name: 'Katılım isteklerime verilen yanıtlar' });
    await decisions.waitFor();
    expect(await decisions.isChecked()).toBe(true);
    await decisions.click();
    await page.getByText('Bildirim tercihlerin kaydedildi').first().waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await shot(page, 'settings-english');
    const token = await accessToken(me.email, me.password);
    const { me: saved } = await graphql<{
      me: { locale: string; notificationPreferences: { emailDecisions: boolean } };
    }>(
      token,
      `
        query ProfileE2ESettings {
          me {
            locale
            notificationPreferences {
              emailDecisions
            }
          }
        }
      `,
      {},
    );
    expect(saved).toEqual({ locale: 'en', notificationPreferences: { emailDecisions: false } });
    // Another device (a fresh browser) opens in the account's language.
    const other = await newContext(browser);
    const otherPage = await other.newPage();
    await signIn(otherPage, me.email, me.password);
    await otherPage.goto('/dashboard/settings');
    await otherPage.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await other.close();
    await context.close();
  });

  it('changes the password and deletes the account from the settings page', async () => {
    const me = await confirmedAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, me.email, me.password);
    await page.goto('/dashboard/settings');
    const form = page.getByTestId('change-password');
    await form.getByLabel('Mevcut şifre').fill('yanlis-sifre');
    await form.getByLabel('Yeni şifre', { exact: true }).fill('Yeni-Sifre-2026!');
    await form.getByLabel('Yeni şifre (tekrar)').fill('Yeni-Sifre-2026!');
    await form.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await page.getByText('Mevcut şifren yanlış.').first().waitFor();
    await form.getByLabel('Mevcut şifre').fill(me.password);
    await form.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await page.getByText('Şifre başarıyla değiştirildi!').first().waitFor();
    expect(await accessToken(me.email, 'Yeni-Sifre-2026!')).toBeTruthy();

    await page.getByRole('button', { name: 'Hesabımı Sil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hesabını silmek istediğine emin misin?' });
    await dialog.getByLabel('Onay için kullanıcı adını ya da e-posta adresini yaz').fill('başka biri');
    await dialog.getByTestId('confirm-delete').click();
    await dialog.getByText('Onay için kullanıcı adını ya da e-posta adresini aynen yaz.').waitFor();
    await shot(page, 'settings-delete-confirm');
    await dialog.getByLabel('Onay için kullanıcı adını ya da e-posta adresini yaz').fill(me.email);
    // The password is asked again (ADR 054).
    await dialog.getByLabel('Şifren', { exact: true }).fill('Yeni-Sifre-2026!');
    await dialog.getByTestId('confirm-delete').click();
    await page.waitForURL((url) => url.pathname === '/');
    // The sign-in account is gone with it.
    await page.getByLabel('E-posta').fill(me.email);
    await page.getByLabel('Şifre', { exact: true }).fill('Yeni-Sifre-2026!');
    await page.getByRole('button', { name: "Squad'a Gir!" }).click();
    await page.getByText('E-mail ya da şifre yanlış 😔').first().waitFor();
    await context.close();
  });
});
