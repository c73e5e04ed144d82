// rules.js: the rules reference, /rules/{game}: one entry per rule section
// with the anchor #GAME:ID (e.g. #soa:8.22) that rule links point to.
// The index itself comes from the game module's rules() (games.js).
import {h, clear, setCrumbs} from './dom.js';
import {api} from './api.js';
import {gameModule, gameName} from './games.js';

// rulesIndex is /rules: the games of the catalog, each with its reference.
export async function rulesIndex(main) {
  setCrumbs(h('span', {}, 'Rules'));
  document.title = 'Rules · sandtable';
  const catalog = await api.catalog();
  clear(main, h('div', {class: 'rules-page'}, h('header', {class: 'card'}, h('h1', {}, 'Rules references'),
    h('ul', {}, catalog.map((g) => h('li', {}, h('a', {href: `/rules/${encodeURIComponent(g.id)}`}, g.name || g.id)))))));
}

export async function rulesPage(main, game) {
  setCrumbs(h('span', {}, 'Rules'));
  const mod = await gameModule(game);
  if (!mod.rules) {
    clear(main, h('div', {class: 'card'}, h('h1', {}, 'Rules'), h('p', {}, `No rules reference for “${await gameName(game)}” yet.`)));
    return;
  }
  const {GAME, CHAPTERS, SECTIONS, NOTES} = await mod.rules();
  document.title = `${GAME.name} rules reference · sandtable`;
  const noteOf = new Map();
  for (const n of NOTES) for (const r of n.rules) noteOf.set(r, n);
  const chapterOf = (id) => id.split('.')[0];
  const toc = h('nav', {class: 'rules-toc', 'aria-label': 'Chapters'}, h('ol', {},
    CHAPTERS.map(([n, t]) => h('li', {}, h('a', {href: `#${GAME.id}:${n}`}, `${n} ${t}`))),
    h('li', {}, h('a', {href: '#notes'}, 'Our readings'))));
  const chapters = CHAPTERS.map(([n, title, about]) => h('section', {class: 'rules-chapter', id: `${GAME.id}:${n}`},
    h('h2', {}, h('a', {href: `#${GAME.id}:${n}`, class: 'anchor'}, n), ` ${title}`),
    h('p', {class: 'muted'}, about),
    h('ul', {class: 'rules-list'}, SECTIONS.filter(([id]) => chapterOf(id) === n).map(([id, t]) => {
      const note = noteOf.get(id);
      return h('li', {id: `${GAME.id}:${id}`, class: 'rule-entry'},
        h('a', {href: `#${GAME.id}:${id}`, class: 'rule-id'}, `${GAME.id}:${id}`), ' ', h('span', {class: 'rule-title'}, t),
        note ? h('a', {href: `#notes-${note.id}`, class: 'note-tag', title: note.title}, note.id === 'na' ? 'no rule to enforce' : `our reading: ${note.title}`) : null);
    }))));
  const notes = h('section', {class: 'rules-chapter', id: 'notes'},
    h('h2', {}, 'Our readings'),
    h('p', {}, `Where the rulebook leaves room for interpretation, or describes something a program cannot do the same way, our conformance notes (docs/conformance/${GAME.id}.md in the source) say how sandtable reads it. In short:`),
    h('dl', {class: 'notes'}, NOTES.map((n) => [
      h('dt', {id: `notes-${n.id}`}, n.title),
      h('dd', {}, n.about, ' ', h('span', {class: 'muted'}, 'Sections: '), n.rules.map((r, i) => [i ? ', ' : '', h('a', {href: `#${GAME.id}:${r}`}, r)]))])));
  clear(main, h('div', {class: 'rules-page'},
    h('header', {class: 'card'}, h('h1', {}, `${GAME.name}: rules reference`),
      h('p', {}, 'An index of the rule sections by the IDs that the game cites in its prompts, choices and log. The titles are our own short descriptions; the rulebook itself is not reproduced here.'),
      toc),
    chapters, notes));
  // Scroll to the section named in the address (it did not exist at load).
  const target = ruleElement(decodeURIComponent(location.hash.slice(1)));
  if (target) { target.scrollIntoView({block: 'center'}); target.classList.add('target'); }
  window.addEventListener('hashchange', () => {
    document.querySelectorAll('.rule-entry.target, .rules-chapter.target').forEach((e) => e.classList.remove('target'));
    ruleElement(decodeURIComponent(location.hash.slice(1)))?.classList.add('target');
  });
}

// ruleElement is the entry of a rule ID, or of the nearest section above
// it that the index lists: a lettered step ("mgmg:10.72A") is found in its
// section (10.72), a section ending in .0 in its chapter ("mgmg:26.0").
function ruleElement(id) {
  for (let k = id; k;) {
    const el = document.getElementById(k);
    if (el) return el;
    const up = k.replace(/[A-Za-z]+$/, '').replace(/\.0$/, '');
    k = up !== k ? up : k.includes('.') ? k.slice(0, -1).replace(/\.$/, '') : '';
  }
  return null;
}
