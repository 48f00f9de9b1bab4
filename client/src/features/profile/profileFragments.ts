import { gql } from '#client/apollo/gql.ts';

// What the profile's pieces read of the viewer. Every mutation that changes the profile returns the
// viewer with these fragments, so the normalized cache updates each piece by id; no refetch.
export const PROFILE_USER_FRAGMENT = gql`
  fragment ProfileUser_user on User {
    id
    displayName
    username
    bio
    avatarUrl
    largeAvatarUrl: avatarUrl(size: LARGE)
    city
    district
    createdAt
    interests {
      id
      label
    }
    exactLocation {
      lat
      lng
      address
    }
    mapCenter {
      lat
      lng
    }
    badges {
      id
      name
      description
      icon
      earnedAt
    }
  }
`;
