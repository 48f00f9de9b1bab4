import { useMemo, useState, type ComponentType, type FormEvent } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type {
  ProfileProvincesQuery,
  ProfileProvincesQueryVariables,
  UpdateProfileInput,
  UsernameCheckQuery,
  UsernameCheckQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { fieldErrors, userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { LocationPick, LocationPickerProps } from '#client/lib/locationPicker.ts';
import { sortByTurkishName } from '#client/lib/turkishOrder.ts';
import { useUpdateProfileMutation } from '#client/features/profile/useUpdateProfileMutation.ts';

export const PROFILE_PROVINCES_QUERY: TypedDocumentNode<
  ProfileProvincesQuery,
  ProfileProvincesQueryVariables
> = gql`
  query ProfileProvincesQuery {
    provinces {
      code
      name
      center {
        lat
        lng
      }
      districts {
        name
        center {
          lat
          lng
        }
      }
    }
  }
`;

export const USERNAME_CHECK_QUERY: TypedDocumentNode<UsernameCheckQuery, UsernameCheckQueryVariables> = gql`
  query UsernameCheckQuery($username: String!) {
    usernameAvailable(username: $username) {
      username
      available
      reason
    }
  }
`;

// Spec §9: the profile settings' map opens at zoom 18.
const SETTINGS_MAP_ZOOM = 18;

type Exact = { lat: number; lng: number; address: string | null };
export type SettingsFormUser = {
  displayName: string;
  username: string | null;
  bio: string | null;
  city: string | null;
  district: string | null;
  exactLocation: Exact | null;
  mapCenter: { lat: number; lng: number } | null;
};
export type ProfileFormLimits = { displayNameMax: number; usernameMax: number; bioMax: number };

// What changed, as UpdateProfileInput: only the fields the user touched; blank clears.
export function profileChanges(
  before: SettingsFormUser,
  after: Omit<SettingsFormUser, 'mapCenter'>,
): UpdateProfileInput {
  const input: UpdateProfileInput = {};
  const text = (v: string | null) => v?.trim() || null;
  if (after.displayName.trim() !== before.displayName) input.displayName = after.displayName;
  const username = text(after.username)?.replace(/^@+/, '') || null;
  if (username !== before.username) input.username = username;
  if (text(after.bio) !== (before.bio ?? null)) input.bio = text(after.bio);
  if (after.city !== before.city || after.district !== before.district) {
    input.city = after.city;
    input.district = after.district;
  }
  const a = after.exactLocation;
  const b = before.exactLocation;
  if (a?.lat !== b?.lat || a?.lng !== b?.lng || (a?.address ?? null) !== (b?.address ?? null))
    input.exactLocation = a ? { lat: a.lat, lng: a.lng, address: a.address } : null;
  return input;
}

// Spec §2 Settings tab: display name, username with 'Kontrol Et', bio, city, district after a city,
// exact location with 'Haritada Seç' and 'Konumu Onayla', and 'Değişiklikleri Kaydet'.
export function ProfileSettingsForm({
  user,
  limits,
  LocationPicker,
}: {
  user: SettingsFormUser;
  limits: ProfileFormLimits;
  LocationPicker: ComponentType<LocationPickerProps>;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const client = useApolloClient();
  const { update, loading: saving } = useUpdateProfileMutation();
  const { data: places } = useQuery(PROFILE_PROVINCES_QUERY);
  const [displayName, setDisplayName] = useState(user.displayName);
  const [username, setUsername] = useState(user.username ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [city, setCity] = useState(user.city);
  const [district, setDistrict] = useState(user.district);
  const [exact, setExact] = useState<Exact | null>(user.exactLocation);
  const [picking, setPicking] = useState(false);
  const [pick, setPick] = useState<LocationPick | null>(null);
  const [checking, setChecking] = useState(false);
  const [usernameStatus, setUsernameStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The server lists provinces by plate number; people look for a name (Turkish alphabetical order).
  const provinces = useMemo(() => sortByTurkishName(places?.provinces ?? []), [places]);
  const province = useMemo(() => provinces.find((p) => p.name === city) ?? null, [provinces, city]);
  const districts = useMemo(() => sortByTurkishName(province?.districts ?? []), [province]);
  // The map opens on the chosen location, else the chosen district or city, else the user's centre.
  const pickerCenter =
    exact ?? districts.find((d) => d.name === district)?.center ?? province?.center ?? user.mapCenter;

  const checkUsername = async () => {
    const wanted = username.trim();
    if (!wanted) return;
    setChecking(true);
    try {
      const { data, error } = await client.query({
        query: USERNAME_CHECK_QUERY,
        variables: { username: wanted },
        fetchPolicy: 'network-only',
      });
      const answer = data?.usernameAvailable;
      if (error || !answer) throw new Error('username check failed', { cause: error });
      setUsernameStatus(
        answer.available
          ? { ok: true, text: t('profile.form.usernameAvailable') }
          : { ok: false, text: answer.reason ?? t('profile.form.usernameTaken') },
      );
    } catch {
      toast.error(t('profile.form.usernameCheckFailed'));
    } finally {
      setChecking(false);
    }
  };

  const confirmLocation = () => {
    if (!pick || pick.pending) return;
    setExact({ lat: pick.lat, lng: pick.lng, address: pick.address || null });
    setPicking(false);
    toast.success(t('profile.form.locationFound'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = profileChanges(user, { displayName, username, bio, city, district, exactLocation: exact });
    if (Object.keys(input).length === 0) {
      toast.success(t('profile.form.saved'));
      return;
    }
    try {
      setErrors({});
      await update(input);
      setUsernameStatus(null);
      toast.success(t('profile.form.saved'));
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      toast.error(Object.values(byField)[0] ?? userFacingMessage(error, t('profile.form.failed')));
    }
  };

  const err = (field: string) => errors[field] ?? errors[`${field}.lat`];

  return (
    <Card>
      <form
        className="flex flex-col gap-5"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="profile-settings"
      >
        <h2 className="text-lg font-bold text-white">{t('profile.form.title')}</h2>
        <Input
          label={t('profile.form.displayName')}
          value={displayName}
          maxLength={limits.displayNameMax}
          onChange={(e) => setDisplayName(e.target.value)}
          error={err('displayName')}
          autoComplete="nickname"
          required
        />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-end gap-2">
            <Input
              className="flex-1"
              label={t('profile.form.username')}
              value={username}
              maxLength={limits.usernameMax + 1}
              onChange={(e) => {
                setUsername(e.target.value);
                setUsernameStatus(null);
              }}
              icon={<span className="text-sm">@</span>}
              hint={t('profile.form.usernameHint')}
              error={err('username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
            <Button
              variant="outline"
              className="mb-6 h-12"
              onClick={() => void checkUsername()}
              loading={checking}
              disabled={!username.trim()}
            >
              {t('profile.form.check')}
            </Button>
          </div>
          {usernameStatus ? (
            <p
              role="status"
              className={cn('text-sm', usernameStatus.ok ? 'text-emerald-300' : 'text-rose-300')}
              data-testid="username-status"
            >
              {usernameStatus.ok ? '✓ ' : '✗ '}
              {usernameStatus.text}
            </p>
          ) : null}
        </div>
        <Textarea
          label={t('profile.form.bio')}
          value={bio}
          maxLength={limits.bioMax}
          placeholder={t('profile.form.bioPlaceholder')}
          onChange={(e) => setBio(e.target.value)}
          hint={t('profile.form.counter', { count: bio.length, max: limits.bioMax })}
          error={err('bio')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            label={t('profile.form.city')}
            value={city ?? ''}
            onChange={(e) => {
              setCity(e.target.value || null);
              setDistrict(null);
            }}
            error={err('city')}
          >
            <option value="">{t('profile.form.cityPlaceholder')}</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.name}>
                {p.name}
              </option>
            ))}
            {city && !provinces.some((p) => p.name === city) ? <option value={city}>{city}</option> : null}
          </Select>
          <Select
            label={t('profile.form.district')}
            value={district ?? ''}
            disabled={!city}
            onChange={(e) => setDistrict(e.target.value || null)}
            error={err('district')}
          >
            <option value="">
              {city ? t('profile.form.districtPlaceholder') : t('profile.form.districtFirst')}
            </option>
            {districts.map((d) => (
              <option key={d.name} value={d.name}>
                {d.name}
              </option>
            ))}
            {district && !districts.some((d) => d.name === district) ? (
              <option value={district}>{district}</option>
            ) : null}
          </Select>
        </div>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-ink-700 p-4">
          <legend className="px-1 text-sm font-medium text-ink-200">{t('profile.form.exactLocation')}</legend>
          <p className="text-xs text-ink-300">🔒 {t('profile.form.exactHint')}</p>
          <p className="text-sm text-white" data-testid="exact-location">
            📍{' '}
            {exact
              ? (exact.address ?? `${exact.lat.toFixed(6)}, ${exact.lng.toFixed(6)}`)
              : t('profile.form.noLocation')}
          </p>
          {err('exactLocation') ? (
            <p className="text-sm text-rose-400" role="alert">
              {err('exactLocation')}
            </p>
          ) : null}
          {picking ? (
            <div className="flex flex-col gap-3">
              <LocationPicker
                value={pick ? { lat: pick.lat, lng: pick.lng } : exact}
                onChange={setPick}
                center={pickerCenter}
                zoom={SETTINGS_MAP_ZOOM}
              />
              <p className="text-sm text-ink-200" aria-live="polite">
                {pick ? (pick.pending ? t('profile.form.locationPending') : `📍 ${pick.address}`) : null}
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" onClick={() => setPicking(false)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  onClick={confirmLocation}
                  disabled={!pick || pick.pending}
                  data-testid="confirm-location"
                >
                  {t('profile.form.confirmLocation')}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setPick(null);
                  setPicking(true);
                }}
              >
                🗺️ {t('profile.form.pickOnMap')}
              </Button>
              {exact ? (
                <Button variant="ghost" size="sm" onClick={() => setExact(null)}>
                  {t('profile.form.clearLocation')}
                </Button>
              ) : null}
            </div>
          )}
        </fieldset>
        <Button type="submit" loading={saving} className="self-end" data-testid="profile-save">
          {t('profile.form.save')}
        </Button>
      </form>
    </Card>
  );
}
