// main.js: picks the page from the address. The server serves index.html
// for every page route (web.Handler), and each page is one module.
import {h, clear} from './dom.js';

const routes = [
  [/^\/$/, () => import('./lobby.js').then((m) => m.lobbyPage)],
  [/^\/play\/([^/]+)\/?$/, () => import('./game.js').then((m) => m.gamePage)],
  [/^\/replay\/([^/]+)\/?$/, () => import('./replay.js').then((m) => m.replayPage)],
  [/^\/rules\/?$/, () => import('./rules.js').then((m) => m.rulesIndex)],
  [/^\/rules\/([^/]+)\/?$/, () => import('./rules.js').then((m) => m.rulesPage)],
];

async function route() {
  const main = document.getElementById('main');
  const path = location.pathname;
  for (const [re, load] of routes) {
    const m = re.exec(path);
    if (!m) continue;
    try {
      const page = await load();
      document.body.dataset.page = path.split('/')[1] || 'lobby';
      await page(main, ...m.slice(1).map(decodeURIComponent));
    } catch (e) {
      console.error(e);
      clear(main, h('div', {class: 'card error-card', role: 'alert'}, h('h1', {}, 'Something went wrong'),
        h('p', {}, String(e && e.message || e)), h('p', {}, h('a', {href: '/'}, 'Back to the lobby'))));
    }
    return;
  }
  clear(main, h('div', {class: 'card'}, h('h1', {}, 'No such page'), h('p', {}, h('a', {href: '/'}, 'Go to the lobby'))));
}

// An invite link opened in a tab already on its game changes only the
// fragment: load the page again so that the token is taken up.
window.addEventListener('hashchange', () => {
  if (/(?:^#|&)token=/.test(location.hash)) location.reload();
});

route();
