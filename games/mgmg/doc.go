// Package mgmg is Monty's Gamble: Market-Garden (seed 000, first part): the
// Allied airborne landings and XXX Corps' advance from the Belgian border to
// Arnhem, 17-26 September 1944, on an area map of 65 areas and ten zones. Its
// variant Fortress Holland 1940 (fh40, the seed's second part) plays on the
// same map, south of the Waal only.
//
// The map, the units and their schedules are data in data/ (see
// data/README.md): our own reconstruction from geography and history, not
// the printed game's map or counters. board.go loads the map and names its
// parts as the rules do (mgmg:3).
package mgmg
