import { z } from 'zod/mini';
import { key } from './messages.ts';
import { BoundsSchema, LayerStyleSchema } from './layers.ts';

/** The three ways a source's data is offered, in the order the pages show them. */
export const REPRESENTATIONS = ['timeseries', 'raster', 'external'] as const;
export const RepresentationSchema = z.enum(REPRESENTATIONS);
export type Representation = z.infer<typeof RepresentationSchema>;

/** A slug as used in paths: lower case words joined by hyphens. */
export const SlugSchema = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, key('field.slug')));

export const SectorCardSchema = z.object({
  slug: SlugSchema,
  title: z.string(),
  description: z.string(),
  link: z.string(),
});
export type SectorCard = z.infer<typeof SectorCardSchema>;

export const LayerKindSchema = z.enum(['raster', 'vector']);
export type LayerKind = z.infer<typeof LayerKindSchema>;

export const LayerSummarySchema = z.object({
  name: z.string(),
  kind: LayerKindSchema,
  /** Menu text: the name, with '(sh)' appended for vector layers as the spec shows them. */
  menuLabel: z.string(),
  description: z.string(),
  publisher: z.string(),
  licence: z.string(),
  sourceUrl: z.string(),
  /** How the layer is drawn; the legend is made from it. Null until the catalogue loader has read the file. */
  style: z.nullable(LayerStyleSchema),
  /** Extent of the layer's image; null until the catalogue loader has measured the file. */
  bounds: z.nullable(BoundsSchema),
  /** What the portal computed the layer from, for layers it derives itself; null for published files. */
  derivedFrom: z.nullable(z.string()),
});
export type LayerSummary = z.infer<typeof LayerSummarySchema>;

export const ExternalLinkSchema = z.object({
  category: z.string(),
  url: z.url(),
  organisation: z.string(),
});
export type ExternalLink = z.infer<typeof ExternalLinkSchema>;

/** One entry of a source list (sector landing and overview pages). */
export const SourceListingSchema = z.object({
  slug: SlugSchema,
  sector: SlugSchema,
  sectorTitle: z.string(),
  title: z.string(),
  description: z.string(),
  /** The source's path under /sectors, e.g. /sectors/agriculture/carbon. */
  dataPageURL: z.string(),
  /** Element ids used by the energy and water landing pages. */
  dataSourceHeaderID: z.optional(z.string()),
  dataSourceBodyID: z.optional(z.string()),
});
export type SourceListing = z.infer<typeof SourceListingSchema>;

export const SectorDetailSchema = z.extend(SectorCardSchema, {
  intro: z.nullable(z.string()),
  sources: z.array(SourceListingSchema),
});
export type SectorDetail = z.infer<typeof SectorDetailSchema>;

export const SourceDetailSchema = z.extend(SourceListingSchema, {
  /** Path segment of the external page; differs from slug only for water's ecosystem source. */
  externalSlug: SlugSchema,
  layers: z.array(LayerSummarySchema),
  externalLinks: z.array(ExternalLinkSchema),
  /** The latest period the source's timeseries reach, as shown ('2026-02', '2023'); null without timeseries. */
  dataUntil: z.nullable(z.string()),
});
export type SourceDetail = z.infer<typeof SourceDetailSchema>;

export const PartnerSchema = z.object({
  name: z.string(),
  url: z.url(),
  /** Path of the logo image served by the portal. */
  logo: z.string(),
});
export type Partner = z.infer<typeof PartnerSchema>;

export const SiteSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  exportPrefix: z.string(),
  grantNumber: z.string(),
  partnerProject: z.object({ label: z.string(), url: z.url() }),
  about: z.object({ heading: z.string(), paragraphs: z.array(z.string()).check(z.length(3)) }),
});
export type Site = z.infer<typeof SiteSchema>;

/** The site's texts as the catalogue keeps them: the About texts also in Swahili, where given. */
export const SiteCatalogSchema = z.extend(SiteSchema, { sw: z.optional(z.object({ about: SiteSchema.shape.about })) });
export type SiteCatalog = z.infer<typeof SiteCatalogSchema>;

export const SectorParamsSchema = z.object({ sector: SlugSchema });
export const SourceParamsSchema = z.object({ sector: SlugSchema, source: SlugSchema });
