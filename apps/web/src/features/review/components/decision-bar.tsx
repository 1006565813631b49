import { Button } from '../../../components/ui/button';

/** One way to decide, and the id of the panel that holds its form. */
export interface DecisionBarEntry {
  label: string;
  panelId: string;
  variant: 'primary' | 'secondary' | 'danger';
}

/** Scrolls a panel to the top of the screen (below the header) and gives it the focus. */
function openPanel(panelId: string) {
  const panel = document.getElementById(panelId);
  if (!panel) return;
  panel.scrollIntoView({ block: 'start' });
  // The panel, not its first field: a phone's keyboard would cover the form at once.
  panel.focus({ preventScroll: true });
}

/**
 * The decisions of a trade under review, fixed at the bottom of a small screen (below 1024 px,
 * where the panels sit under the photos, about 3,000 px down): each button brings its panel up.
 * From 1024 px the panels are beside the photos and the bar is not shown.
 */
export function DecisionBar({ entries }: { entries: readonly DecisionBarEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section
      aria-label="Decide this trade"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.08)] lg:hidden"
    >
      <div className="mx-auto flex max-w-6xl gap-2">
        {entries.map((entry) => (
          <Button
            key={entry.panelId}
            variant={entry.variant}
            className="min-w-0 flex-1"
            onClick={() => {
              openPanel(entry.panelId);
            }}
          >
            {entry.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
