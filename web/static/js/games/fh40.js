// games/fh40.js: how Fortress Holland: 1940 looks and reads in the browser:
// the game module that games.js loads for the game id "fh40". The variant
// is played on Monty's Gamble's map with its engine (games/mgmg, fh40:1.0),
// so it is drawn as Monty's Gamble is, but for its markers and rules page.
import {markers as mgmgMarkers, crossingMarkers as mgmgCrossingMarkers} from './mgmg.js';
import {cap} from '../dom.js';

export * from './mgmg.js';

// inPlay: areas 26 and up and zones C, D, E, G, H, I (fh40:3.2, 3.3).
const inPlay = (id) => /^[CDEGHI]$/.test(id) || Number(id) >= 26;

// markers: control markers lie where the Germans Control a place; the Dutch
// Control the rest without one (fh40:4.5). The view lists the Dutch places.
export function markers(place, state) {
  const out = mgmgMarkers(place, {...state, control: {}});
  if (inPlay(place) && !(state.control || {})[place]) out.push({symbol: 'marker-control-german', title: 'German control (fh40:4.5)'});
  return out;
}

// crossingMarkers: a German Bridge marker on a bridge in play the Germans
// hold (views leave German-held bridges out), a blown bridge's marker; the
// Dutch-held bridges have none (fh40:4.6, 19.1).
export function crossingMarkers(c, state) {
  if (c.kind !== 'bridge') return mgmgCrossingMarkers(c, state);
  const b = (state.bridges || {})[c.id];
  if (b) return b.held === 'blown' ? mgmgCrossingMarkers(c, state) : [];
  return c.id.split('/').every(inPlay) ? [{symbol: 'marker-bridge-german', title: `Bridge ${c.id}: German-held (fh40:4.6)`}] : [];
}

// seatName: the Dutch player holds the allied seat (fh40:2.0, 4.111).
export const seatName = (seat) => (seat === 'allied' ? 'Dutch' : cap(seat));

// rules is the module of the rules reference page, /rules/fh40.
export const rules = () => import('./fh40-rules.js');
