import { parse } from 'graphql';

// What the REST shim reads, asked through the GraphQL schema itself: every field (status, time left,
// the viewer's role, the place a viewer may see, …) comes from the same resolvers GraphQL clients
// use; legacy-shapes.ts only renames. Types: server/rest/__generated__/operations.ts (codegen).

const LEGACY_USER = /* GraphQL */ `
  fragment LegacyUser on User {
    id
    displayName
    username
    avatarUrl
    stats {
      eventsHosted
      eventsJoined
      averageRating
      hostRank
    }
  }
`;

const LEGACY_EVENT = /* GraphQL */ `
  fragment LegacyEvent on Event {
    id
    title
    description
    mode
    viewerRole
    status
    category {
      id
    }
    tags {
      id
    }
    date
    time
    startsAt
    endsAt
    durationMinutes
    host {
      ...LegacyUser
    }
    participants {
      user {
        ...LegacyUser
      }
    }
    participantCount
    maxParticipants
    freeSlots
    location {
      lat
      lng
      name
      address
      exact
    }
    publicLocation
    platform {
      id
    }
    timeLeft
    averageRating
    feedbackCount
    startsInMinutes
    distanceKm
    price
    requirements
    skillLevel
    voiceChat
    venueType
    joinRequests {
      id
      status
      message
      createdAt
      decidedAt
      user {
        ...LegacyUser
        badges {
          id
          name
          icon
        }
      }
      check {
        verdict
        reasons
        engine
      }
    }
    pendingRequestCount
    viewerJoinRequest {
      id
      status
      message
      createdAt
    }
    createdAt
  }
`;

export const LegacyEventListQuery = parse(/* GraphQL */ `
  query LegacyEventListQuery($filter: EventFilter, $first: Int, $after: String) {
    events(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          ...LegacyEvent
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${LEGACY_EVENT}
  ${LEGACY_USER}
`);

export const LegacyEventQuery = parse(/* GraphQL */ `
  query LegacyEventQuery($id: ID!) {
    event(id: $id) {
      ...LegacyEvent
    }
  }
  ${LEGACY_EVENT}
  ${LEGACY_USER}
`);

export const LegacyMyEventsQuery = parse(/* GraphQL */ `
  query LegacyMyEventsQuery($first: Int) {
    myEvents(first: $first) {
      edges {
        node {
          ...LegacyEvent
        }
      }
    }
  }
  ${LEGACY_EVENT}
  ${LEGACY_USER}
`);

const LEGACY_PROFILE = /* GraphQL */ `
  fragment LegacyProfile on User {
    id
    email
    displayName
    username
    bio
    avatarUrl
    fullName
    city
    district
    homePoint {
      lat
      lng
    }
    exactLocation {
      lat
      lng
      address
    }
    lastUsedIpLocation {
      lat
      lng
      country
      city
    }
    createdAt
    tokenBalance
    interests {
      id
    }
    stats {
      eventsHosted
      eventsJoined
      totalParticipants
      averageRating
    }
    badges {
      id
      name
      description
      icon
      earnedAt
    }
    activity(first: $activity) {
      type
      event {
        id
        title
        participantCount
        startsAt
      }
    }
  }
`;

export const LegacyProfileQuery = parse(/* GraphQL */ `
  query LegacyProfileQuery($activity: Int) {
    me {
      ...LegacyProfile
    }
  }
  ${LEGACY_PROFILE}
`);

export const LegacyUpdateProfileMutation = parse(/* GraphQL */ `
  mutation LegacyUpdateProfileMutation($input: UpdateProfileInput!, $activity: Int) {
    updateProfile(input: $input) {
      viewer {
        ...LegacyProfile
      }
    }
  }
  ${LEGACY_PROFILE}
`);

export const LegacyUsernameQuery = parse(/* GraphQL */ `
  query LegacyUsernameQuery($username: String!) {
    usernameAvailable(username: $username) {
      username
      available
      reason
    }
  }
`);

export const LegacyCreateAvatarUploadMutation = parse(/* GraphQL */ `
  mutation LegacyCreateAvatarUploadMutation($input: CreateAvatarUploadInput!) {
    createAvatarUpload(input: $input) {
      upload {
        id
        url
        contentType
        fileUrl
        maxBytes
        expiresAt
        headers {
          name
          value
        }
      }
    }
  }
`);

export const LegacyRequestToJoinMutation = parse(/* GraphQL */ `
  mutation LegacyRequestToJoinMutation($input: RequestToJoinInput!) {
    requestToJoin(input: $input) {
      joinRequest {
        id
        status
        check {
          verdict
          reasons
        }
      }
    }
  }
`);

const LEGACY_DECISION = /* GraphQL */ `
  fragment LegacyDecision on JoinRequestDecisionPayload {
    joinRequest {
      id
      status
    }
    event {
      id
      participantCount
      maxParticipants
    }
  }
`;

export const LegacyAcceptRequestMutation = parse(/* GraphQL */ `
  mutation LegacyAcceptRequestMutation($input: JoinRequestRefInput!) {
    acceptRequest(input: $input) {
      ...LegacyDecision
    }
  }
  ${LEGACY_DECISION}
`);

export const LegacyDeclineRequestMutation = parse(/* GraphQL */ `
  mutation LegacyDeclineRequestMutation($input: JoinRequestRefInput!) {
    declineRequest(input: $input) {
      ...LegacyDecision
    }
  }
  ${LEGACY_DECISION}
`);
