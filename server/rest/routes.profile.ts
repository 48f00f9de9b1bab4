import { t } from '#server/lib/i18n.ts';
import { currentLocale } from '#server/lib/request-scope.ts';
import type {
  LegacyCreateAvatarUploadMutation,
  LegacyProfileQuery,
  LegacyUpdateProfileMutation,
  LegacyUsernameQuery,
} from './__generated__/operations.ts';
import * as documents from './legacy-documents.ts';
import { fromLegacyProfilePayload } from './legacy-input.ts';
import { legacyProfile } from './legacy-shapes.ts';
import type { RestKit } from './router.ts';

// /private/profile, the username check and the profile picture's upload.
export function profileRoutes({ router, run, asyncRoute }: RestKit) {
  router.get(
    '/profile',
    asyncRoute(async (req, res) => {
      const { me } = await run<LegacyProfileQuery>(req, documents.LegacyProfileQuery, { activity: 50 });
      res.json(legacyProfile(me));
    }),
  );

  // The settings form ({displayName, username, bio, city, district, coordinates, exactLocation}) or
  // the interests editor ({interests}, the tags' Turkish labels or ids). Only fields present change;
  // coordinates follow from the district (the gazetteer's point), so the ones sent are not stored.
  router.put(
    '/profile',
    asyncRoute(async (req, res) => {
      const input = fromLegacyProfilePayload((req.body ?? {}) as Record<string, unknown>);
      const { updateProfile } = await run<LegacyUpdateProfileMutation>(
        req,
        documents.LegacyUpdateProfileMutation,
        {
          input,
          activity: 50,
        },
      );
      const onlyInterests = Object.keys(input).length === 1 && 'interests' in input;
      res.json({
        message: t(currentLocale(), onlyInterests ? 'profile.interestsUpdated' : 'profile.updated'),
        profile: legacyProfile(updateProfile.viewer),
      });
    }),
  );

  router.get(
    '/check-username/:username',
    asyncRoute(async (req, res) => {
      const { usernameAvailable } = await run<LegacyUsernameQuery>(req, documents.LegacyUsernameQuery, {
        username: String(req.params.username),
      });
      res.json(usernameAvailable);
    }),
  );

  // {contentType, fileName} -> where to PUT the file ({url, fileUrl, contentType}); the picture
  // changes once the file is checked and processed.
  router.put(
    '/uploadProfilePicture',
    asyncRoute(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { createAvatarUpload } = await run<LegacyCreateAvatarUploadMutation>(
        req,
        documents.LegacyCreateAvatarUploadMutation,
        {
          input: {
            contentType: typeof body.contentType === 'string' ? body.contentType : '',
            fileName: typeof body.fileName === 'string' ? body.fileName : null,
          },
        },
      );
      const { upload } = createAvatarUpload;
      res.json({
        url: upload.url,
        fileUrl: upload.fileUrl,
        contentType: upload.contentType,
        uploadId: upload.id,
        maxBytes: upload.maxBytes,
        expiresAt: upload.expiresAt,
        headers: Object.fromEntries(upload.headers.map((h) => [h.name, h.value])),
      });
    }),
  );
}
