import { useEffect, useRef } from 'react';

type Listener = () => void;

// The subscription socket's "connected" event, for screens that must re-read what they may have
// missed while no subscription was listening: after a reconnect (the socket was down), and for counts
// also after the page's first connection (a message sent between the count's HTTP answer and the
// subscription's start on the server would otherwise never reach the badge).
const reconnectListeners = new Set<Listener>();
const connectListeners = new Set<Listener>();
let connectedBefore = false;

// Wired to graphql-ws's `on.connected`; the first connection of the page is not a reconnect. The
// listeners run a task later: graphql-ws sends the waiting subscriptions' messages once the connection
// is acknowledged, so a re-read started after them reaches the server after the subscriptions do.
export function socketConnected(wasRetry: boolean): void {
  const reconnect = wasRetry || connectedBefore;
  connectedBefore = true;
  setTimeout(() => {
    connectListeners.forEach((listener) => listener());
    if (reconnect) reconnectListeners.forEach((listener) => listener());
  }, 0);
}

export function onSocketReconnected(listener: Listener): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

export function onSocketConnected(listener: Listener): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

function useSocketEvent(subscribe: (listener: Listener) => () => void, listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  }, [listener]);
  useEffect(() => subscribe(() => latest.current()), [subscribe]);
}

// After a reconnect only: lists and threads that may have missed changes while the socket was down.
export function useSocketReconnected(listener: Listener): void {
  useSocketEvent(onSocketReconnected, listener);
}

// After every connection, the first included: counts that a live subscription keeps up to date.
export function useSocketConnected(listener: Listener): void {
  useSocketEvent(onSocketConnected, listener);
}
