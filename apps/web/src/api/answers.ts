// The contract schemas the API's answers are checked against, by name. This module, and zod with
// it, is loaded with the first call the browser makes itself: a page rendered by the server starts
// from answers the server checked, so a reader who only reads it never downloads them.
import { z } from 'zod/mini';
import {
  AccountSchema,
  ApiTokenSchema,
  ChangePasswordResponseSchema,
  CreatedApiTokenSchema,
  ExportEntrySchema,
} from '@portal/contract/account';
import { AlertSchema, AlertSeriesSchema } from '@portal/contract/alerts';
import {
  CheckResponseSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  SignupResponseSchema,
  SuccessMessageSchema,
} from '@portal/contract/auth';
import {
  LayerSummarySchema,
  PartnerSchema,
  SectorCardSchema,
  SectorDetailSchema,
  SiteSchema,
  SourceDetailSchema,
  SourceListingSchema,
} from '@portal/contract/catalog';
import { ChoroplethSchema, MappableVariableListSchema } from '@portal/contract/choropleth';
import { CountyListSchema, CountyMapShapesSchema, CountyProfileSchema } from '@portal/contract/counties';
import { DatasetDetailSchema, DatasetSummarySchema } from '@portal/contract/datasets';
import { ApiErrorSchema, SpecErrorSchema } from '@portal/contract/errors';
import { FollowSchema, UnsubscribeStateSchema } from '@portal/contract/follows';
import { HighlightsResponseSchema } from '@portal/contract/highlights';
import { ImageDataSchema } from '@portal/contract/images';
import {
  LayerValueSchema,
  MapConfigSchema,
  PointFeaturesSchema,
  RasterDownloadResponseSchema,
  WmsResponseSchema,
} from '@portal/contract/layers';
import { SearchResponseSchema } from '@portal/contract/search';
import {
  ExportResponseSchema,
  LocationSchema,
  PreviewResponseSchema,
  VariableSchema,
} from '@portal/contract/timeseries';

export const ANSWERS = {
  site: SiteSchema,
  sectors: z.array(SectorCardSchema),
  sector: SectorDetailSchema,
  sources: z.array(SourceListingSchema),
  source: SourceDetailSchema,
  layers: z.array(LayerSummarySchema),
  partners: z.array(PartnerSchema),
  choropleth: ChoroplethSchema,
  mappableVariables: MappableVariableListSchema,
  counties: CountyListSchema,
  county: CountyProfileSchema,
  countyMapShapes: CountyMapShapesSchema,
  imageData: ImageDataSchema,
  datasets: z.array(DatasetSummarySchema),
  dataset: DatasetDetailSchema,
  highlights: HighlightsResponseSchema,
  storeLayers: WmsResponseSchema,
  mapConfig: MapConfigSchema,
  // The outline is the portal's own GeoJSON, drawn as it comes.
  mapOutline: z.custom<GeoJSON.FeatureCollection>((v) => typeof v === 'object' && v !== null),
  layerValue: LayerValueSchema,
  layerFeatures: PointFeaturesSchema,
  rasterDownload: RasterDownloadResponseSchema,
  search: SearchResponseSchema,
  variables: z.array(VariableSchema),
  locations: z.array(LocationSchema),
  preview: PreviewResponseSchema,
  export: ExportResponseSchema,
  account: AccountSchema,
  exports: z.array(ExportEntrySchema),
  apiTokens: z.array(ApiTokenSchema),
  changePassword: ChangePasswordResponseSchema,
  createdApiToken: CreatedApiTokenSchema,
  follows: z.array(FollowSchema),
  alerts: z.array(AlertSchema),
  alert: AlertSchema,
  alertSeries: z.array(AlertSeriesSchema),
  follow: FollowSchema,
  unsubscribe: UnsubscribeStateSchema,
  login: LoginResponseSchema,
  signup: SignupResponseSchema,
  successMessage: SuccessMessageSchema,
  check: CheckResponseSchema,
  logout: LogoutResponseSchema,
};

/** The two shapes an error answer comes in: the /api/v1 one and the spec's own {error: text}. */
export const ERRORS = { v1: ApiErrorSchema, spec: SpecErrorSchema };
