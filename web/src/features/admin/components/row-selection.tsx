import { useEffect, useState } from 'react';

/**
 * Ticked rows of a back-office list for its bulk bar (orders' dispatch flag, bookings' wait and
 * confirm): the ticks of the rows on screen, cleared whenever the list changes (`listKey`: its query
 * and filters), a page box that ticks all or none (indeterminate when some), a box per row.
 */
export function useRowSelection(rows: readonly { id: string }[], listKey: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [listKey]);
  const allTicked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someTicked = rows.some((r) => selected.has(r.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return {
    ids: [...selected],
    isTicked: (id: string) => selected.has(id),
    clear: () => setSelected(new Set()),
    /** the header's box: all rows of the page, or none */
    pageBox: (label: string, testId: string) => (
      <input
        type="checkbox"
        className="orders-check"
        checked={allTicked}
        ref={(box) => {
          if (box) box.indeterminate = someTicked && !allTicked;
        }}
        onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
        aria-label={label}
        data-testid={testId}
      />
    ),
    /** one row's box */
    rowBox: (id: string, label: string, testId: string) => (
      <input
        type="checkbox"
        className="orders-check"
        checked={selected.has(id)}
        onChange={(e) => toggle(id, e.target.checked)}
        aria-label={label}
        data-testid={testId}
      />
    ),
  };
}
