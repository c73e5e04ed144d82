// games/fh40-rules.js: an index of the Fortress Holland: 1940 rule
// sections, by the IDs that prompts, choices and log lines cite. Each entry
// gives the section's heading only (from the checklist, docs/rules/fh40.ids);
// the rulebook's text is not reproduced here. A rule the variant does not
// restate is Monty's Gamble's (fh40:1.0, /rules/mgmg).

export const GAME = {id: 'fh40', name: 'Fortress Holland: 1940'};

// CHAPTERS: [number, title, what it covers].
export const CHAPTERS = [
  ['1', 'Introduction', 'what the variant depicts'],
  ['2', 'Object', 'how each side wins'],
  ['3', 'The map', 'the part of the map in play, its zones and displays'],
  ['4', 'The playing pieces', 'the German, Dutch and French pieces and markers'],
  ['5', 'Prepare for play', 'markers and units at the start'],
  ['6', 'Sequence of play', 'the phases of a turn'],
  ['7', 'Stacking and control', 'control of areas and zones'],
  ['8', 'Impulses', 'assault, bombardment and pass impulses'],
  ['9', 'Movement', 'movement, boat assaults and the river bunkers'],
  ['10', 'Assaults', 'assaults'],
  ['11', 'Bombardment', 'bombardment'],
  ['12', 'The advantage chit', 'the Advantage'],
  ['13', 'Disruption and supply', 'refit, supply and surrender'],
  ['14', 'Zones', 'zones and zone control'],
  ['16', 'Airpower', 'the German air bombardment'],
  ['17', 'Weather', 'clear weather and fog'],
  ['18', 'Reinforcements', 'no reinforcements'],
  ['19', 'Bridges', 'bridges: demolition and the railway bridges'],
  ['20', 'D-Day', 'the demolition phase, the bridge coup and Panzer Zug 1'],
  ['21', 'Victory conditions', 'breakthrough and victory points'],
  ['22', 'The extended game', 'not used'],
  ['23', 'Optional rules', 'none'],
  ['24', 'Credits', 'credits'],
];

// SECTIONS: [ID, heading]; one per numbered section of the checklist.
export const SECTIONS = [
  ['1.0', 'Introduction'], ['2.0', 'Object'], ['3.0', 'The map'], ['3.2', 'Areas'],
  ['3.25', 'Victory conditions'], ['3.26', 'Airborne operational sectors'], ['3.261', 'Airborne drop areas'], ['3.262', 'Airborne supply heads'],
  ['3.3', 'Zones'], ['3.4', 'United kingdom box'], ['3.5', 'Air unit display'], ['3.6', 'Turn record track'],
  ['3.8', 'Supply track'], ['3.9', 'Construction availability box'], ['3.10', 'Boat assault box'], ['3.11', 'Ferry crossing box'],
  ['4.1', 'Units'], ['4.111', 'Unit color codes'], ['4.112', 'Unit types'], ['4.113', 'Infantry'],
  ['4.114', 'Mechanized/motorized infantry'], ['4.115', 'Armored'], ['4.116', 'Field artillery'], ['4.117', 'River bunker garrisons'],
  ['4.118', 'Flak towers'], ['4.3', 'Air markers'], ['4.31', 'Air bombardment markers'], ['4.32', 'Air supply markers'],
  ['4.33', 'Air interdiction markers'], ['4.4', 'Disruption markers'], ['4.5', 'Control markers'], ['4.6', 'Bridge and held markers'],
  ['4.7', 'Ferry crossing markers'], ['4.11', 'Supply marker'], ['5.1', 'Place markers'], ['5.2', 'Setup'],
  ['5.3', 'Start of play'], ['6.0', 'Sequence of play'], ['6.1', 'Overview'], ['6.2', 'Dawn phase'],
  ['6.21', 'Weather die roll'], ['6.22', 'First turn'], ['6.3', 'Daylight phase'], ['6.4', 'Refit phase'],
  ['6.5', 'Regroup phase'], ['6.51', 'Regroup movement restrictions'], ['7.0', 'Stacking and control'], ['7.2', 'Control'],
  ['7.21', 'Allied linkup'], ['8.0', 'Impulses'], ['8.1', 'Overview'], ['8.2', 'Types of impulses'],
  ['8.21', 'Assault impulse'], ['8.22', 'Infiltration impulse'], ['8.221', 'Restrictions'], ['8.222', 'Procedure'],
  ['8.26', 'Pass impulse'], ['8.4', 'Nationalities'], ['9.0', 'Movement'], ['9.1', 'Mechanics of movement'],
  ['9.2', 'Mf costs'], ['9.21', 'Minimum move'], ['9.22', 'Seizing bridges'], ['9.4', 'Road movement'],
  ['9.5', 'Boat assaults'], ['9.62', 'Crossing boundaries'], ['9.63', 'Ferry crossings'], ['9.64', 'River bunker garrisons'],
  ['9.66', 'Airborne operational sectors'], ['10.0', 'Assaults'], ['10.2', 'Mandatory assault'], ['10.4', 'River assaults'],
  ['10.5', 'Overruns'], ['10.72', 'Attack value (AV)'], ['10.73', 'Defense value (DV)'], ['10.91', 'Retreat procedure'],
  ['10.92', 'Retreat priorities'], ['11.0', 'Bombardment'], ['11.11', 'Bombardment declaration'], ['11.12', 'Primary target'],
  ['11.2', 'Attack value (AV)'], ['11.3', 'Defense value (DV)'], ['11.41', 'Attrition points'], ['12.0', 'The advantage chit'],
  ['12.1', 'Overview'], ['12.2', 'Voluntary use'], ['12.4', 'Involuntary loss'], ['12.41', 'Sunset dice roll modifier'],
  ['13.0', 'Disruption and supply'], ['13.2', 'Becoming spent/disrupted'], ['13.3', 'Refit phase'], ['13.4', 'Supply depots'],
  ['13.41', 'German depot placement'], ['13.411', 'German zone i special refit'], ['13.42', 'Allied depot placement'], ['13.421', 'Zone f depots'],
  ['13.422', 'Airborne depots'], ['13.423', 'Allied zone i special refit'], ['13.424', 'Air supply'], ['13.5', 'Interdiction'],
  ['13.6', 'Refit costs'], ['13.7', 'Reserves'], ['13.8', 'Isolation'], ['13.81', 'German supply sources'],
  ['13.82', 'Allied supply sources'], ['13.9', 'Surrender'], ['14.0', 'Zones'], ['14.5', 'Zone f'],
  ['14.51', 'Reentry'], ['14.6', 'Zone control'], ['16.0', 'Airpower'], ['16.1', 'Overview'],
  ['16.2', 'Air bombardment'], ['16.21', 'Restrictions'], ['16.22', 'Target areas'], ['16.23', 'Mistaken attack'],
  ['16.3', 'Air supply'], ['16.4', 'Air interdiction'], ['17.0', 'Weather'], ['17.1', 'Overview'],
  ['17.2', 'Clear weather'], ['17.3', 'Fog'], ['17.4', 'Weather changes'], ['17.41', 'Supply consequences'],
  ['18.0', 'Reinforcements'], ['19.0', 'Bridges'], ['19.1', 'Overview'], ['19.2', 'Bridge repair'],
  ['19.21', 'Construction'], ['19.22', 'Primary target'], ['19.23', 'Evening construction'], ['19.3', 'Bridge seizure'],
  ['19.4', 'Bridge demolition'], ['19.41', 'Bridge demolition modifiers'], ['19.5', 'Bridge demolition/repair modifiers'], ['19.6', 'Railroad bridges'],
  ['20.0', 'D-Day'], ['20.1', 'Overview'], ['20.2', 'Dutch bridge demolition phase'], ['20.3', 'German bridge coup attempt'],
  ['20.4', 'Panzer zug'], ['20.5', 'Xxx corps ground assault phase'], ['20.6', 'Daylight impulses'], ['20.7', 'Refit and regroup phases'],
  ['21.0', 'Victory conditions'], ['21.1', 'Breakthrough'], ['21.2', 'May 12th victory check'], ['21.3', 'Victory points'],
  ['21.4', 'Off board movement'], ['22.0', 'The extended game'], ['23.0', 'Optional rules'], ['24.0', 'Credits'],
];

// NOTES: the sections of our conformance notes (docs/conformance/fh40.md),
// each said in a few words, with the rule sections it concerns.
export const NOTES = [
  {id: 'pieces-and-set-up', title: 'Pieces and set-up',
    about: 'Our reconstruction of the counters and set-up, within every fact the variant states.',
    rules: ['4.1', '5.2']},
  {id: 'the-engine', title: 'On Monty\'s Gamble\'s engine',
    about: 'What the variant changes, switched by the game: sides, turns, the demolition phase, supply and victory.',
    rules: ['1.0', '6.3', '13.4', '21.3']},
];
