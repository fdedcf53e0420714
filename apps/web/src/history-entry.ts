/**
 * What the portal keeps in `history.state`: the entry's place in this visit (0 for the page the
 * visit started on) and the state a navigation handed over. The layout is React Router's, so
 * entries made before the switch, in tabs left open, still read right.
 */
export interface HistoryEntry {
  idx?: number;
  usr?: unknown;
}

// Apart from routing.tsx, so that the entry script can read it without loading the app.
export const historyEntry = () => window.history.state as HistoryEntry | null;
