export type TokenBalanceChangeModel = { balance: number; entryId: string };
