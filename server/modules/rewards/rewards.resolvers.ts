import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { t } from '#server/lib/i18n.ts';

export const rewardsResolvers: Resolvers = {
  Query: {
    async earning(_parent, _args, ctx) {
      const p = await ctx.services.rewards.progress(requireViewer(ctx));
      const rule = (
        id: string,
        key: 'participation' | 'fiveStar' | 'referral' | 'challenge',
        reward: number,
      ) => ({
        id,
        title: t(ctx.locale, `earning.${key}.title`),
        description: t(ctx.locale, `earning.${key}.text`),
        reward,
      });
      return {
        rules: [
          rule('PARTICIPATION', 'participation', p.rules.participation),
          rule('FIVE_STAR', 'fiveStar', p.rules.fiveStar),
          rule('REFERRAL', 'referral', p.rules.referral),
          rule('CHALLENGE', 'challenge', p.rules.challenge),
        ],
        challenge: p.challenge,
        referrals: p.referrals,
      };
    },
  },
  Mutation: {
    applyReferralCode: async (_parent, { input }, ctx) => ({
      referrer: await ctx.services.rewards.applyReferralCode(requireViewer(ctx), input),
    }),
  },
};
