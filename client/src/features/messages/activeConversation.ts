import { useEffect, useSyncExternalStore } from 'react';

// The conversation open on screen, so the shell's live inbox neither counts nor toasts a message the
// user is looking at (the open thread marks it read itself).
let active: string | null = null;

export function useWatchingConversation(conversationId: string): void {
  useEffect(() => {
    active = conversationId;
    return () => {
      if (active === conversationId) active = null;
    };
  }, [conversationId]);
}

export function isWatching(conversationId: string): boolean {
  return active === conversationId && document.visibilityState === 'visible';
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  window.addEventListener('focus', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
    window.removeEventListener('focus', onChange);
  };
}

// Whether the page is in view (not a background tab or a minimised window).
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}
