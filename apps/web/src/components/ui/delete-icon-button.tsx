import { DashboardIcon } from '../layouts/dashboard-icons';

/** A list row's red bin: opens the dialog that asks before deleting. `label` names what goes. */
export function DeleteIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={label}
      onClick={onClick}
      className="-m-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-rejected hover:bg-rejected-bg"
    >
      <DashboardIcon name="trash" />
    </button>
  );
}
