import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  CompleteAvatarUploadMutation,
  CompleteAvatarUploadMutationVariables,
  CreateAvatarUploadMutation,
  CreateAvatarUploadMutationVariables,
} from '#client/__generated__/graphql.ts';
import { PROFILE_USER_FRAGMENT } from '#client/features/profile/profileFragments.ts';

export const CREATE_AVATAR_UPLOAD_MUTATION: TypedDocumentNode<
  CreateAvatarUploadMutation,
  CreateAvatarUploadMutationVariables
> = gql`
  mutation CreateAvatarUploadMutation($input: CreateAvatarUploadInput!) {
    createAvatarUpload(input: $input) {
      upload {
        id
        url
        headers {
          name
          value
        }
      }
    }
  }
`;

export const COMPLETE_AVATAR_UPLOAD_MUTATION: TypedDocumentNode<
  CompleteAvatarUploadMutation,
  CompleteAvatarUploadMutationVariables
> = gql`
  mutation CompleteAvatarUploadMutation($input: CompleteAvatarUploadInput!) {
    completeAvatarUpload(input: $input) {
      viewer {
        ...ProfileUser_user
      }
    }
  }
  ${PROFILE_USER_FRAGMENT}
`;

// A refusal the user can act on, in their language: the key of the message to show.
export class AvatarRefused extends Error {
  constructor(
    readonly reason: 'notImage' | 'tooLarge' | 'noUrl' | 'server',
    readonly serverMessage?: string,
  ) {
    super(reason);
  }
}

// The file's own checks first (the spec's texts), then: ask for an upload URL, PUT the file to it,
// and have the server check and process it. The picture changes only once the server accepted it.
export function checkAvatarFile(file: { type: string; size: number }, maxBytes: number) {
  if (!file.type.startsWith('image/')) throw new AvatarRefused('notImage');
  if (file.size > maxBytes) throw new AvatarRefused('tooLarge');
}

export function useAvatarUpload(maxBytes: number) {
  const [create] = useMutation(CREATE_AVATAR_UPLOAD_MUTATION);
  const [complete] = useMutation(COMPLETE_AVATAR_UPLOAD_MUTATION);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    checkAvatarFile(file, maxBytes);
    setUploading(true);
    try {
      const { data } = await create({
        variables: { input: { contentType: file.type, fileName: file.name, byteSize: file.size } },
      });
      const target = data?.createAvatarUpload.upload;
      if (!target?.url) throw new AvatarRefused('noUrl');
      const sent = await fetch(target.url, {
        method: 'PUT',
        headers: Object.fromEntries(target.headers.map((h) => [h.name, h.value])),
        body: file,
      });
      if (!sent.ok) {
        // The app's own upload endpoint explains a refusal in the user's language; S3 does not.
        const body = (await sent.json().catch(() => null)) as { message?: string } | null;
        throw new AvatarRefused('server', body?.message);
      }
      await complete({ variables: { input: { uploadId: target.id } } });
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading };
}
