// Every id the API hands out is a UUID. An id that is not one cannot exist: callers answer "not found"
// (or filter it out) instead of letting PostgreSQL fail on the cast.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
