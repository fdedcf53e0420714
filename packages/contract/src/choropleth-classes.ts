// How a county map classes its values, as plain values (no schema): the map pages read them before any answer is checked.

/** How many classes a county map shades its values into, at most (fewer when the values hold fewer distinct numbers). */
export const CHOROPLETH_CLASSES = 5;

/**
 * A variable is mapped when at least this many of the 47 counties have a value in one of its
 * periods: below that, a map is mostly grey and its classes say little.
 */
export const CHOROPLETH_MIN_COUNTIES = 40;

/** How the class breaks are chosen: quantiles (about as many counties in each class) or natural breaks (Jenks, by ckmeans). */
export const CLASS_METHODS = ['quantile', 'natural'] as const;
