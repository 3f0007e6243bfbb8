import type { FastifyInstance } from 'fastify';
import { warmGazetteer } from '../../lib/gazetteer/gazetteer.ts';
import type { Geocoder } from './geocoder.ts';
import { geocodingRoutes } from './geocoding.routes.ts';
import { createGeocoder } from './geocoding.service.ts';

export type { Geocoder } from './geocoder.ts';
export { GeocoderUnavailableError } from './geocoder.ts';

/**
 * Geocoding: address autocomplete limited to the Philippines and reverse geocoding, through the geocoder
 * the configuration names (GEOCODER=sandbox|nominatim). Tests may pass their own geocoder.
 */
export async function geocodingModule(app: FastifyInstance, options: { geocoder?: Geocoder } = {}) {
  const geocoder = options.geocoder ?? createGeocoder(app.config);
  await app.register(geocodingRoutes, { deps: { log: app.log, geocoder } });
  if (!options.geocoder && app.config.GEOCODER === 'sandbox' && app.config.NODE_ENV !== 'test') {
    // Build the gazetteer just after start-up rather than on the first visitor's keystroke, a slice per turn of
    // the event loop so that the requests of a process that has just begun to serve are not held for it.
    app.addHook('onReady', async () => {
      setTimeout(() => {
        warmGazetteer().catch((error: Error) => app.log.error({ err: error }, 'gazetteer: the build failed'));
      }, 0).unref();
    });
  }
}
