import { z } from 'zod';
import { LayerStyleSchema } from '@portal/contract/layers';

/** What the files under data/catalog hold; every file is checked against these before loading. */
const Slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower case words joined by hyphens');
const Text = z.string().trim().min(1, 'must not be empty');

export const SiteFileSchema = z.object({
  name: Text,
  shortName: Text,
  exportPrefix: Text,
  grantNumber: Text,
  partnerProject: z.object({ label: Text, url: z.url() }),
  about: z.object({ heading: Text, paragraphs: z.array(Text).length(3) }),
  /** The About texts in Swahili; without them Swahili readers get the English ones. */
  sw: z.object({ about: z.object({ heading: Text, paragraphs: z.array(Text).length(3) }) }).optional(),
});
export type SiteFile = z.infer<typeof SiteFileSchema>;

// A sector's or source's texts in Swahili; where they are missing, Swahili readers get the English ones.
const Swahili = z.object({ title: Text, description: Text });

const SourceEntry = z.object({
  slug: Slug,
  title: Text,
  description: Text,
  sw: Swahili.optional(),
  externalSlug: Slug.optional(),
  inSectorList: z.boolean().optional(),
});

export const SectorsFileSchema = z
  .array(
    z.object({
      slug: Slug,
      title: Text,
      description: Text,
      intro: Text.nullable(),
      sw: Swahili.extend({ intro: Text.optional() }).optional(),
      sources: z.array(SourceEntry).min(1),
    }),
  )
  .length(5, 'the portal has five sectors');

// Layer names travel in URLs with '_' for ' ' and menus cut them at the first '(' (spec section 3).
const LayerName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 .,'-]*$/, "may hold letters, digits, spaces and . , ' - only (no '_', '(' or '/')");

export const LayersFileSchema = z.array(
  z.object({
    name: LayerName,
    kind: z.enum(['raster', 'vector']),
    file: z.string().regex(/^[a-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/, 'must be a path under data/raw'),
    featureFilter: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    sources: z.array(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "must be 'sector/source'")).min(1),
    description: Text,
    publisher: Text,
    licence: Text,
    sourceUrl: z.url(),
    /** How to draw the layer; without one, rasters get a ramp over their values and vectors a plain fill. */
    style: z.optional(LayerStyleSchema),
    /** How to cite the layer in exports; without one, publisher, name and source URL. */
    citation: Text.optional(),
  }),
);
export type LayerEntry = z.infer<typeof LayersFileSchema>[number];

export const ExternalLinksFileSchema = z.record(
  z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "keys must be 'sector/source'"),
  z.array(z.object({ category: Text, url: z.url(), organisation: Text })),
);

export const PartnersFileSchema = z
  .array(z.object({ name: Text, url: z.url(), logo: z.string().regex(/^\/media\/logos\/[a-z0-9-]+\.svg$/) }))
  .length(7, 'the portal shows seven partners');
