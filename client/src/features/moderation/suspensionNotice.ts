// The suspension the API reported (reason and end), kept for the suspension screen across the page
// load that takes the user there (ADR 039). Session storage: it concerns this tab's session only.
const KEY = 'squad.suspension';

export type StoredSuspension = { reason: string | null; until: string | null };

export function rememberSuspension(notice: StoredSuspension): void {
  try {
    // A socket's close code carries no details: keep what an earlier answer said.
    if (notice.reason === null && sessionStorage.getItem(KEY)) return;
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage blocked: the screen asks the server instead.
  }
}

export function readSuspension(): StoredSuspension | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredSuspension) : null;
  } catch {
    return null;
  }
}
