import { requireViewer } from '#server/context/context.ts';
import { loadReferenced } from '#server/context/loaders.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';

export const friendsResolvers: Resolvers = {
  Query: {
    friends: (_parent, args, ctx) => ctx.services.friends.friends(requireViewer(ctx), args),
    friendRequests: (_parent, _args, ctx) => ctx.services.friends.requests(requireViewer(ctx)),
    friendsEvents: (_parent, { first }, ctx) => ctx.services.friends.friendsEvents(requireViewer(ctx), first),
  },
  Mutation: {
    sendFriendRequest: async (_parent, { input }, ctx) => ({
      user: await ctx.services.friends.send(requireViewer(ctx), input),
    }),
    respondToFriendRequest: async (_parent, { input }, ctx) => ({
      user: await ctx.services.friends.respond(requireViewer(ctx), input),
    }),
    cancelFriendRequest: async (_parent, { input }, ctx) => ({
      user: await ctx.services.friends.cancel(requireViewer(ctx), input),
    }),
    removeFriend: async (_parent, { input }, ctx) => ({
      user: await ctx.services.friends.remove(requireViewer(ctx), input),
    }),
  },
  Friend: {
    user: (f, _args, ctx) => loadReferenced(ctx.loaders.user, f.userId, 'friend'),
    mutualCount: (f, _args, ctx) => ctx.loaders.mutualFriendCount.load(f.userId),
  },
  FriendRequest: {
    user: (f, _args, ctx) => loadReferenced(ctx.loaders.user, f.userId, 'friend request user'),
    mutualCount: (f, _args, ctx) => ctx.loaders.mutualFriendCount.load(f.userId),
  },
  FriendEvent: {
    event: (f, _args, ctx) => loadReferenced(ctx.loaders.event, f.eventId, 'friend event'),
    friends: (f, _args, ctx) =>
      Promise.all(f.userIds.map((id) => loadReferenced(ctx.loaders.user, id, 'friend'))),
  },
  User: {
    // A user's own row answers the neutral values.
    friendship: (u, _args, ctx) =>
      ctx.viewer && ctx.viewer.id !== u.id ? ctx.loaders.friendship.load(u.id) : 'none',
    mutualFriendCount: (u, _args, ctx) => (ctx.viewer ? ctx.loaders.mutualFriendCount.load(u.id) : 0),
    friendCount: (u, _args, ctx) => ctx.loaders.friendCount.load(u.id),
    viewerCanMessage: (u, _args, ctx) =>
      ctx.viewer && ctx.viewer.id !== u.id
        ? ctx.services.messages.mayTalkDirectly(ctx.viewer.id, u.id)
        : false,
  },
  Event: {
    groupConversation: (e, _args, ctx) => (ctx.viewer ? ctx.loaders.groupConversation.load(e.id) : null),
    friendsGoing: async (e, _args, ctx) => {
      const ids = await ctx.loaders.friendsGoing.load(e.id);
      return Promise.all(ids.map((id) => loadReferenced(ctx.loaders.user, id, 'friend')));
    },
  },
};
