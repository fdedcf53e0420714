// How a variable is named on a page: its name and its unit, said once. Plain functions, no schema:
// the pages that label variables need them without the answers' schemas.

// How names taken from elsewhere write a unit: '(oC)' for °C.
const unitSpelling = (unit: string) => unit.trim().replace(/^(o|deg ?)C$/, '°C');

/** Whether a variable's name ends with its unit, as the spec writes 'Rainfall Monthly Average(mm)'. */
export function nameSaysUnit(name: string, unit: string): boolean {
  const ending = /\(([^()]+)\)\s*$/.exec(name);
  return ending !== null && unitSpelling(ending[1]) === unitSpelling(unit);
}

/**
 * A variable's label: its name with its unit in brackets, said once.
 * @example nameWithUnit('Rainfall Monthly Average(mm)', 'mm') // 'Rainfall Monthly Average(mm)'
 * @example nameWithUnit('Electricity access', '%') // 'Electricity access (%)'
 */
export const nameWithUnit = (name: string, unit: string) => (nameSaysUnit(name, unit) ? name : `${name} (${unit})`);
