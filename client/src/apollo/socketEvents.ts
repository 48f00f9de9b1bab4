import { useEffect, useRef } from 'react';

type Listener = () => void;

// The subscription socket's "connected" event, for screens that must re-read what they may have
// missed while it was down (the unread and pending counts after a reconnect).
const listeners = new Set<Listener>();
let connectedBefore = false;

// Wired to graphql-ws's `on.connected`; the first connection of the page is not a reconnect.
export function socketConnected(wasRetry: boolean): void {
  const reconnect = wasRetry || connectedBefore;
  connectedBefore = true;
  if (reconnect) listeners.forEach((listener) => listener());
}

export function onSocketReconnected(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSocketReconnected(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  }, [listener]);
  useEffect(() => onSocketReconnected(() => latest.current()), []);
}
