import type {
  ApiTokensTable,
  ExportLogTable,
  KnownDevicesTable,
  SessionsTable,
  TokensTable,
  UsersTable,
} from './tables/accounts.table.ts';
import type {
  DatasetRowsTable,
  DatasetsTable,
  DatasetVersionsTable,
  LocationsTable,
  ObservationsTable,
  VariableSourcesTable,
  VariablesTable,
} from './tables/timeseries.table.ts';
import type {
  AlertsTable,
  FollowsTable,
  MailOutboxTable,
  OutboxAlertsTable,
  OutboxChangesTable,
  UnsubscribeLinksTable,
} from './tables/follows.table.ts';
import type { SearchEntriesTable } from './tables/search.table.ts';
import type {
  ExternalLinksTable,
  LayerSourcesTable,
  LayersTable,
  MetaTable,
  PartnersTable,
  SectorsTable,
  SourcesTable,
} from './tables/catalog.table.ts';

/** Every table the portal stores, as Kysely sees them. */
export interface Database {
  sectors: SectorsTable;
  sources: SourcesTable;
  layers: LayersTable;
  layer_sources: LayerSourcesTable;
  external_links: ExternalLinksTable;
  partners: PartnersTable;
  meta: MetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  tokens: TokensTable;
  api_tokens: ApiTokensTable;
  export_log: ExportLogTable;
  datasets: DatasetsTable;
  dataset_versions: DatasetVersionsTable;
  variables: VariablesTable;
  variable_sources: VariableSourcesTable;
  locations: LocationsTable;
  observations: ObservationsTable;
  dataset_rows: DatasetRowsTable;
  search_entries: SearchEntriesTable;
  follows: FollowsTable;
  mail_outbox: MailOutboxTable;
  outbox_changes: OutboxChangesTable;
  unsubscribe_links: UnsubscribeLinksTable;
  alerts: AlertsTable;
  outbox_alerts: OutboxAlertsTable;
}
