import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './client';

/**
 * What an image of a view shows, as data (its `.json` twin at the image's address): the title,
 * period, datasets and values an embed writes around the image. `path` is the twin's address with its query.
 */
export const imageDataQuery = (path: string) =>
  queryOptions({
    queryKey: ['image-data', path],
    queryFn: (call) => getJson(path, 'imageData', call),
    // The values change only when the data is imported again.
    staleTime: 5 * 60_000,
    // A refusal is the page's content (an embed shows it as the server renders it): not asked again on showing it.
    retryOnMount: false,
  });
export const useImageData = (path: string) => useQuery(imageDataQuery(path));
