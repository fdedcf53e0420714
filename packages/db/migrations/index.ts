import type { Migration } from 'kysely';
import * as createCatalog from './202611220700_create_catalog.ts';
import * as createAccounts from './202611220800_create_accounts.ts';
import * as createTimeseries from './202611220900_create_timeseries.ts';
import * as createTokens from './202611221000_create_tokens.ts';
import * as createExportLog from './202611221010_create_export_log.ts';
import * as layerStyles from './202611221100_layer_styles.ts';
import * as variablesSharedBySources from './202611231000_variables_shared_by_sources.ts';
import * as createSearch from './202611241000_create_search.ts';
import * as variableHighlights from './202611250900_variable_highlights.ts';
import * as createDatasetVersions from './202611251000_create_dataset_versions.ts';
import * as searchDataset from './202611261000_search_dataset.ts';
import * as variableHeadlines from './202611271000_variable_headlines.ts';
import * as databaseAssignedIds from './202611281000_database_assigned_ids.ts';
import * as catalogInSwahili from './202611301000_catalog_in_swahili.ts';
import * as expiryIndexes from './202612011000_expiry_indexes.ts';
import * as createKnownDevices from './202612021000_create_known_devices.ts';
import * as datasetRowOrdinals from './202612031000_dataset_row_ordinals.ts';
import * as datasetLicenceIds from './202612041000_dataset_licence_ids.ts';
import * as variableCaveats from './202612041100_variable_caveats.ts';
import * as createFollows from './202612051000_create_follows.ts';
import * as createAlerts from './202612061000_create_alerts.ts';

/** Every migration, by name; names sort in the order they run. Never edit one after it has landed. */
export const migrations: Record<string, Migration> = {
  '202611220700_create_catalog': createCatalog,
  '202611220800_create_accounts': createAccounts,
  '202611220900_create_timeseries': createTimeseries,
  '202611221000_create_tokens': createTokens,
  '202611221010_create_export_log': createExportLog,
  '202611221100_layer_styles': layerStyles,
  '202611231000_variables_shared_by_sources': variablesSharedBySources,
  '202611241000_create_search': createSearch,
  '202611250900_variable_highlights': variableHighlights,
  '202611251000_create_dataset_versions': createDatasetVersions,
  '202611261000_search_dataset': searchDataset,
  '202611271000_variable_headlines': variableHeadlines,
  '202611281000_database_assigned_ids': databaseAssignedIds,
  '202611301000_catalog_in_swahili': catalogInSwahili,
  '202612011000_expiry_indexes': expiryIndexes,
  '202612021000_create_known_devices': createKnownDevices,
  '202612031000_dataset_row_ordinals': datasetRowOrdinals,
  '202612041000_dataset_licence_ids': datasetLicenceIds,
  '202612041100_variable_caveats': variableCaveats,
  '202612051000_create_follows': createFollows,
  '202612061000_create_alerts': createAlerts,
};
