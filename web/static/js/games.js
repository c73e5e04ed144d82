// games.js: the game-agnostic core asks one module per game how that game
// looks and reads: games/ID.js, loaded by the game's id. A game without a
// module, or a module that leaves something out, gets the plain defaults
// below (web/README.md lists what a module may export).
import {s, cap} from './dom.js';
import {api} from './api.js';

const DEFAULTS = {
  // setBoard(doc) takes the board document before anything is drawn.
  setBoard() {},
  // hidesInfo: a view at this step may show one seat what another must not
  // see (the hotseat privacy screen asks).
  hidesInfo: () => false,
  shortName: (u) => u.name || u.id,
  // seatName: a seat's or side's name in words, as the status, badges,
  // hand-over and result say it.
  seatName: cap,
  // facts: what a counter shows besides its name, in words.
  facts: () => [],
  pileKey: (u) => JSON.stringify({...u, id: null, name: null, at: null}),
  boxCaption: () => '',
  // markers(place, state): the markers of a place, [{symbol, title}]: the
  // ids of symbols of the board document, drawn 18 map units square.
  markers: () => [],
  // crossingMarkers(crossing, state): the markers on a bridge or ferry of
  // the board document's map.crossings ({id, kind, between, at}), as
  // markers gives them, drawn 16 map units square on the crossing.
  crossingMarkers: () => [],
  // counterSymbols(u): the ids of the symbols that draw a counter, its face
  // first, 26 map units square; counterFace draws one without symbols.
  counterSymbols: () => [],
  // counterFace: the SVG parts of a counter, 26 map units square.
  counterFace: (u) => [s('rect', {class: 'face plain', x: 0, y: 0, width: 26, height: 26, rx: 2.5}),
    s('text', {x: 13, y: 16, 'font-size': 7, 'text-anchor': 'middle'}, (u.name || u.id).slice(0, 6))],
  // controls(view, act): extra controls under the choices, for what a game
  // offers beside its choices; act(choiceId) submits a choice. None here.
  controls: () => null,
  // isSetup: a seat's choices at this step make its set-up, which a player
  // may save in the browser and load in another game (setups.js).
  isSetup: () => false,
  // choiceLabel(choice, view): the label on a choice's button, shorter
  // where the game's controls show the rest (the whole label stays its
  // title and aria-label).
  choiceLabel: (c) => c.label,
  // quickChoices: the choices to show above the list (they do much at once).
  quickChoices: () => [],
  rules: null,
};

const loaded = new Map();

// gameModule returns the module of a game, with the defaults filled in.
export function gameModule(id) {
  if (!loaded.has(id)) {
    loaded.set(id, import(`./games/${encodeURIComponent(id)}.js`)
      .catch((e) => { console.warn(`no client module for the game ${id}: ${e.message}`); return {}; })
      .then((m) => ({...DEFAULTS, ...m, id})));
  }
  return loaded.get(id);
}

let catalog = null;

// gameName is a game's name from the server's catalog (its id if the
// catalog does not say).
export async function gameName(id) {
  catalog = catalog || api.catalog().catch(() => []);
  const list = await catalog;
  const g = (Array.isArray(list) ? list : []).find((x) => x.id === id);
  return (g && g.name) || id;
}
