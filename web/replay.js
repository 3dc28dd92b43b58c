// varia: a game replayed in one HTML file, as `varia serve` exports it (POST /api/export). The file
// holds the game (GAME: the rules as the playground has them, the start position, and for each
// move the cells it changed, the hands, the FEN and the status after it) and the playground's own
// drawing of the board and pieces (board.js, pieces.js), so it works opened from disk, with no
// server and no network: first, back, forward and last (or a click on a move, or the arrow keys,
// Home and End) show each position of the game.
'use strict';

const S = { rules: GAME.rules, flipped: false };
const $ = (id) => document.getElementById(id);
const CELL = 100;

// Every position of the game: the start, then each move's changes applied to the one before.
const POSITIONS = (() => {
  const start = GAME.start;
  let cells = new Map(start.board.map((p) => [p.cell, p]));
  const out = [{ ...start, cells, last: null }];
  for (const ply of GAME.plies) {
    cells = new Map(cells);
    for (const [cell, kind, owner, origin] of ply.changes) {
      if (kind === undefined) cells.delete(cell);
      else cells.set(cell, { cell, kind, owner, origin });
    }
    out.push({ ...ply, cells });
  }
  return out;
})();

let shown = 0;

function draw() {
  const pos = POSITIONS[shown];
  const svg = $('board');
  boardFrame(svg, CELL);
  const last = pos.last;
  const walls = new Set(pos.walls || []);
  const marked = (c) => [
    walls.has(c) ? 'wall' : '',
    last && (last.from === c || last.to === c || (last.via || []).includes(c)) ? 'last' : '',
  ].join(' ');
  let s = squares(CELL, marked) + coordinates(CELL);
  for (const [c, p] of pos.cells) {
    const [x, y] = centre(c, CELL);
    s += `<g class="at" data-cell="${cellName(c)}">${pieceSvg(p.kind, p.owner, x, y, CELL, p.origin)}</g>`;
  }
  svg.innerHTML = s;
  $('hands').innerHTML = S.rules.players.map((pl, i) => {
    const hand = (pos.hands[i] || []).map((h) => `<span class="held" data-kind="${h.kind}" data-player="${i}">`
      + `${discSvg(h.kind, i, 30)}<b>${h.count}</b></span>`).join('');
    const [fill, , edge] = colours(i);
    return `<div class="player${i === pos.to_move ? ' to-move' : ''}"><span class="swatch" `
      + `style="background:${fill};border-color:${edge}"></span>${esc(pl.name)}${hand}</div>`;
  }).join('');
  $('status').textContent = pos.description;
  $('fen').textContent = pos.fen;
  $('moves').innerHTML = GAME.plies.map((p, i) => `<li data-ply="${i + 1}" title="${esc(p.move)}"`
    + `${i + 1 === shown ? ' class="current"' : ''}>${esc(p.san)}</li>`).join('');
  $('first').disabled = shown === 0;
  $('back').disabled = shown === 0;
  $('forward').disabled = shown === POSITIONS.length - 1;
  $('last').disabled = shown === POSITIONS.length - 1;
  const current = document.querySelector('#moves li.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function show(k) {
  shown = Math.max(0, Math.min(POSITIONS.length - 1, k));
  draw();
}

document.title = `${S.rules.title} (${S.rules.variant}): ${GAME.plies.length} moves`;
$('title').textContent = `${S.rules.title} (${S.rules.variant})`;
$('source').textContent = `${GAME.file}, exported by varia ${GAME.version}`;
$('first').addEventListener('click', () => show(0));
$('back').addEventListener('click', () => show(shown - 1));
$('forward').addEventListener('click', () => show(shown + 1));
$('last').addEventListener('click', () => show(Infinity));
$('flip').addEventListener('click', () => {
  S.flipped = !S.flipped;
  draw();
});
$('moves').addEventListener('click', (e) => {
  const li = e.target.closest('li[data-ply]');
  if (li) show(Number(li.dataset.ply));
});
document.addEventListener('keydown', (e) => {
  const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: Infinity }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  show(to);
});
draw();
