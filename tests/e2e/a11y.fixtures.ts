import { confirmedAccount, graphql } from './accounts.ts';
import { baseUrl } from './browser.ts';

// The accessibility run's people, events and word lists (a11y.e2e.test.ts).

// Words of the English UI that once showed in Turkish (issue 16), as whole words, case-sensitive.
export const ENGLISH_IN_TR = [
  'Loading...',
  'JOIN_GAME',
  'My Events',
  'Overview',
  'Participants',
  'Requests',
  'Analytics',
  'Requirements',
  'Tags',
  'Share',
  'Back to Dashboard',
  'Edit Event',
  'View Details',
  'Manage',
  'Accept',
  'Decline',
  'upcoming',
  'completed',
  'Upcoming',
  'Beginner',
  'Intermediate',
  'Advanced',
  'Competitive',
  'Casual',
  'Chill',
  'Now Playing',
  'Mic Required',
  'Newbie Friendly',
  'All Games',
  'Search games',
  'No participants yet',
  'Purchase',
  'Exception',
];
// Turkish words of the UI and the server's catalogue that must not show in English.
export const TURKISH_IN_EN = [
  'Yükleniyor',
  'Etkinlik',
  'Katıl',
  'Ücretsiz',
  'Spor',
  'Sosyal',
  'Kutu Oyunları',
  'Yeme & İçme',
  'Eğitim',
  'Popüler Oyunlar',
  'Oyun Modu',
  'Diğer',
  'Kahve Sohbeti',
  'geçerli',
  'etkinlik oluşturma',
  'Kullanım Şartları',
  'Gizlilik',
  'saat',
];

export function dayInTurkey(offsetDays: number): string {
  return new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function session(email: string, password: string): Promise<{ json: string; token: string }> {
  const res = await fetch(`${baseUrl()}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: 'squad-web',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const r = (
    (await res.json()) as {
      AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string; ExpiresIn: number };
    }
  ).AuthenticationResult;
  return {
    token: r.AccessToken,
    json: JSON.stringify({
      accessToken: r.AccessToken,
      idToken: r.IdToken,
      refreshToken: r.RefreshToken,
      expiresAt: Date.now() + r.ExpiresIn * 1000,
      method: 'password',
    }),
  };
}

export type Person = {
  email: string;
  password: string;
  token: string;
  session: string;
  name: string;
  id: string;
};

export async function person(name: string): Promise<Person> {
  const account = await confirmedAccount();
  const s = await session(account.email, account.password);
  await graphql(
    s.token,
    'mutation A11yName($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }',
    { input: { displayName: name } },
  );
  const me = await graphql<{ me: { id: string } }>(s.token, '{ me { id } }');
  return { ...account, token: s.token, session: s.json, name, id: me.me.id };
}

export async function createEvent(token: string, input: Record<string, unknown>): Promise<string> {
  const data = await graphql<{ createEvent: { event: { id: string } } }>(
    token,
    'mutation A11yCreate($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }',
    { input },
  );
  return data.createEvent.event.id;
}

export async function ask(guest: Person, eventId: string): Promise<string> {
  const asked = await graphql<{ requestToJoin: { joinRequest: { id: string } } }>(
    guest.token,
    'mutation($id: ID!) { requestToJoin(input: {eventId: $id, message: "Hi, I would love to join!"}) { joinRequest { id } } }',
    { id: eventId },
  );
  return asked.requestToJoin.joinRequest.id;
}
