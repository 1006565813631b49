/** Whether sellers can choose it, in words (never colour alone). */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <span className="rounded-full bg-approved-bg px-2.5 py-0.5 text-sm font-semibold text-approved">
      Active
    </span>
  ) : (
    <span className="rounded-full bg-mist px-2.5 py-0.5 text-sm font-semibold text-slate">
      Inactive
    </span>
  );
}
