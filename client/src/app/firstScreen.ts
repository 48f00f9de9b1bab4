// The first screen the server sends with a dashboard page to a device that is signed in (ADR 050): the
// app's own frame and search row, drawn before any script runs and inert, replaced by the app's first
// render.
export function hasFirstScreen(root: HTMLElement): boolean {
  return root.querySelector('[data-first-screen]') !== null;
}
