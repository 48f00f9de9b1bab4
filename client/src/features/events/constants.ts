// Creating an event costs 1 token (spec §9).
export const EVENT_COST_TOKENS = 1;
