// The first screen the server sends with a page (ADR 050): the physical dashboard's to a signed-in
// device, the sign-in page's to one that is not; drawn before any script runs, inert, replaced by the
// app's first render. Which one is on the page, if any.
export function firstScreenOf(root: HTMLElement): 'physical' | 'login' | null {
  const kind = root.querySelector('[data-first-screen]')?.getAttribute('data-first-screen');
  return kind === 'physical' || kind === 'login' ? kind : null;
}
