import type { HostRank } from '#server/modules/enum-values.ts';
import type { UserStatsModel } from './users.mappers.ts';

// A host's rank on lobby cards and in the join dialog (spec: "host name and rank"), from real data
// only (ADR 038): events hosted (not cancelled), participants gathered across them (attendance), and
// the rating participants gave. The highest level whose every threshold holds; an average counts
// once at least RATINGS_TO_JUDGE ratings back it, and a level that names a minimum number of ratings
// needs that many.
export const RATINGS_TO_JUDGE = 3;

export const HOST_RANK_LEVELS: readonly {
  rank: Exclude<HostRank, 'new'>;
  hosted: number;
  participants: number;
  ratings: number;
  average: number;
}[] = [
  { rank: 'diamond', hosted: 25, participants: 100, ratings: 15, average: 4.5 },
  { rank: 'gold', hosted: 10, participants: 30, ratings: 5, average: 4.0 },
  { rank: 'silver', hosted: 3, participants: 8, ratings: 0, average: 3.5 },
  { rank: 'bronze', hosted: 1, participants: 1, ratings: 0, average: 0 },
];

export function hostRank(
  stats: Pick<UserStatsModel, 'eventsHosted' | 'totalParticipants' | 'averageRating' | 'hostRatingCount'>,
): HostRank {
  const judged = stats.hostRatingCount >= RATINGS_TO_JUDGE && stats.averageRating !== null;
  for (const level of HOST_RANK_LEVELS) {
    if (stats.eventsHosted < level.hosted || stats.totalParticipants < level.participants) continue;
    if (stats.hostRatingCount < level.ratings) continue;
    if (judged && stats.averageRating! < level.average) continue;
    return level.rank;
  }
  return 'new';
}
