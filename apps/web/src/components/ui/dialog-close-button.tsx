/** The × in a dialog's top corner: a 44px target named "Close" for screen readers. */
export function DialogCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label="Close"
      className="-m-2 flex h-11 w-11 items-center justify-center rounded-full text-2xl leading-none text-slate hover:bg-mist"
    >
      ×
    </button>
  );
}
