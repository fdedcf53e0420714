let markShown: () => void = () => undefined;

/**
 * Settles once the first page's effects have run (its listeners in place), told by `PageLayout`,
 * whose effect runs after those of the page inside it. The take-over of a drawn page waits for it
 * before giving back what the visitor did meanwhile (take-over.ts).
 */
export const firstPageShown = new Promise<void>((resolve) => (markShown = resolve));

export const notePageShown = () => markShown();
