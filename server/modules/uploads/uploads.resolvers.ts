import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';

export const uploadsResolvers: Resolvers = {
  Mutation: {
    createAvatarUpload: async (_parent, { input }, ctx) => ({
      upload: await ctx.services.uploads.createAvatarUpload(requireViewer(ctx), input),
    }),
    async completeAvatarUpload(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const { user, newBadges } = await ctx.services.uploads.completeAvatarUpload(viewer, input.uploadId);
      ctx.loaders.user.clear(viewer.id).prime(viewer.id, user);
      ctx.loaders.userBadges.clear(viewer.id);
      return { viewer: user, newBadges };
    },
  },
};
