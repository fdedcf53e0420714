import account from './messages/sw/account.json' with { type: 'json' };
import counties from './messages/sw/counties.json' with { type: 'json' };
import choropleth from './messages/sw/choropleth.json' with { type: 'json' };
import data from './messages/sw/data.json' with { type: 'json' };
import forms from './messages/sw/forms.json' with { type: 'json' };
import server from './messages/sw/server.json' with { type: 'json' };
import site from './messages/sw/site.json' with { type: 'json' };
import { addCatalogue, type Catalogue } from './messages.ts';

/** The Swahili catalogue (ADR 0025), a module of its own so that pages read in English do not load it. */
export const sw: Catalogue = { ...forms, ...server, ...site, ...account, ...data, ...counties, ...choropleth };

addCatalogue('sw', sw);
