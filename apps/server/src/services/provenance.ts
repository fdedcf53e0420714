// Where a figure comes from, as the answers name it: its source in the catalogue and the dataset
// its values were read from. One mapping from the database's rows for every answer that cites them.

/** A source of the catalogue, from its row (or a row joined with it). */
export function sourceRef(row: { sector_slug: string; sector_title: string; slug: string; title: string }) {
  return { sector: row.sector_slug, sectorTitle: row.sector_title, slug: row.slug, title: row.title };
}

/** The dataset a variable's values come from, from the variable's row joined with its dataset. */
export function datasetRef(row: {
  dataset_id: string;
  dataset_title: string;
  publisher: string;
  licence: string;
  retrieved: string;
}) {
  return {
    id: row.dataset_id,
    title: row.dataset_title,
    publisher: row.publisher,
    licence: row.licence,
    retrieved: row.retrieved,
  };
}
