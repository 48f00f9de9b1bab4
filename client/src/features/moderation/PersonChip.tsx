import { Avatar } from '#client/components/ui/Avatar.tsx';

// A user as the console shows them: picture, name, @username; clicking opens their history.
export function PersonChip({
  user,
  label,
  onOpen,
}: {
  user: { id: string; displayName: string; username: string | null; avatarUrl: string | null };
  label: string;
  onOpen?: (user: { id: string; displayName: string }) => void;
}) {
  const body = (
    <>
      <Avatar name={user.displayName} url={user.avatarUrl} className="size-8 text-xs" />
      <span className="flex min-w-0 flex-col text-left">
        <span className="text-[11px] tracking-wide text-ink-400 uppercase">{label}</span>
        <span className="truncate text-sm font-semibold text-white">
          {user.displayName}
          {user.username ? <span className="font-normal text-ink-300"> @{user.username}</span> : null}
        </span>
      </span>
    </>
  );
  if (!onOpen) return <div className="flex min-w-0 items-center gap-2">{body}</div>;
  return (
    <button
      type="button"
      onClick={() => onOpen(user)}
      className="flex min-w-0 items-center gap-2 rounded-lg p-1 -m-1 hover:bg-ink-800 focus-visible:ring-2 focus-visible:ring-pop-400"
    >
      {body}
    </button>
  );
}
