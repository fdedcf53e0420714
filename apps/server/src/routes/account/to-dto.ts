import type { Account, ApiToken, ExportEntry } from '@portal/contract/account';
import type { ApiTokenRow, ExportLogRow, UserRow } from '@portal/db/tables/accounts.table';

const iso = (ms: number) => new Date(ms).toISOString();

export function toAccount(row: UserRow): Account {
  return {
    email: row.email,
    username: row.username,
    organization: row.organization,
    country: row.country,
    useOfData: row.use_of_data,
    createdAt: iso(row.created_at),
  };
}

export function toExportEntry(row: Pick<ExportLogRow, 'what' | 'created_at'>): ExportEntry {
  return { what: row.what, at: iso(row.created_at) };
}

export function toApiToken(row: Pick<ApiTokenRow, 'id' | 'name' | 'created_at' | 'last_used_at'>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}
