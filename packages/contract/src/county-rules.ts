// What the county pages show, as plain values (no schema): the pages read them before any answer is checked.

/** The topics a county profile groups its figures under, in the order it shows them. */
export const HEADLINE_TOPICS = ['people', 'energy', 'water', 'poverty', 'livestock', 'climate', 'prices'] as const;

/** How many counties the compare page sets side by side. */
export const COMPARE_MAX = 4;
