// games/fh40.js: how Fortress Holland: 1940 looks and reads in the browser:
// the game module that games.js loads for the game id "fh40". The variant
// is played on Monty's Gamble's map with its engine (games/mgmg, fh40:1.0),
// so it is drawn as Monty's Gamble is; only its rules page is its own.
export * from './mgmg.js';

// rules is the module of the rules reference page, /rules/fh40.
export const rules = () => import('./fh40-rules.js');
