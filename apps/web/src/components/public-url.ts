import { useRouteLoaderData } from 'react-router';

/** The part of the root's loader data this hook reads; named here, as every page's head reads it and the root renders those heads. */
interface RootPublicUrl {
  publicUrl?: string;
}

/** The portal's public address (PUBLIC_URL), for the addresses a page shows: the same for every visitor, whatever host they used. */
export const usePublicUrl = (): string => useRouteLoaderData<RootPublicUrl>('root')?.publicUrl ?? '';
