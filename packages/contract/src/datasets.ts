/**
 * A dataset's version: the first 12 hex digits of the checksum of its file and manifest as loaded.
 * Citations name it, so a citation leads back to the same numbers.
 */
export const datasetVersion = (checksum: string) => checksum.slice(0, 12);
