// The floating '+' that opens the create-event dialog.
export function CreateFab({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid="create-fab"
      className="fixed right-5 bottom-5 z-[1100] flex size-14 items-center justify-center rounded-full bg-accent-gradient text-3xl font-light text-white shadow-2xl shadow-fuchsia-900/50 transition hover:scale-105"
    >
      <span aria-hidden="true">+</span>
    </button>
  );
}
