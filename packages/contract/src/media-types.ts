// Media types the pages name as well as the server: kept apart from the schemas, so a page that
// names one loads no schema code.

/** The media type of the portal's feeds of new dataset versions (RFC 4287). */
export const ATOM_TYPE = 'application/atom+xml';
