import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

// Shows 'Loading...' while a lazy route module or its loader is on its way.
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div
          role="status"
          className="fixed top-0 left-1/2 z-[90] -translate-x-1/2 rounded-b-xl bg-accent-gradient px-4 py-1 text-xs font-semibold text-white shadow-lg"
        >
          Loading...
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
