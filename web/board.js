// varia playground: the board's colours and geometry (each player's colours, cell names, where a
// cell is drawn, the cells and coordinates as SVG), shared by the playground and by the game
// exported as one HTML file (web/replay.js), which holds this file. Both define the state `S`
// (`S.rules`, `S.flipped`) that these read when called.
'use strict';

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
}[c]));

// Players named after a colour get it; others take one from the palette in turn order.
const NAMED = {
  white: ['#f7f5ee', '#111', '#333'], black: ['#26231f', '#fff', '#000'],
  red: ['#d22f27', '#fff', '#7a1510'], orange: ['#f08c00', '#111', '#8a4f00'],
  green: ['#2b8a3e', '#fff', '#124a1e'], blue: ['#1c6dd0', '#fff', '#0b3a75'],
  yellow: ['#f5d90a', '#111', '#8a7800'], purple: ['#7b3fb5', '#fff', '#3f1a63'],
  gold: ['#d4a017', '#111', '#7a5a00'], silver: ['#c0c0c0', '#111', '#555'],
};
const PALETTE = ['white', 'black', 'red', 'blue', 'green', 'orange'];

function colours(player) {
  const name = S.rules.players[player].name.toLowerCase();
  return NAMED[name] || NAMED[PALETTE[player % PALETTE.length]];
}

function cellName(c) {
  const F = S.rules.board.files;
  return String.fromCharCode(97 + (c % F)) + (Math.floor(c / F) + 1);
}

// Screen column and row of a cell: the first player at the bottom unless flipped.
function screen(c) {
  const { files: F, ranks: R } = S.rules.board;
  const f = c % F;
  const r = Math.floor(c / F);
  return S.flipped ? [F - 1 - f, r] : [f, R - 1 - r];
}

const FORWARD = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };

// The room for coordinates, in SVG units: larger on large boards, which are drawn smaller.
function margin(cellSize) {
  const { files: F, ranks: R } = S.rules.board;
  return cellSize * Math.max(0.36, 0.032 * Math.max(F, R));
}

function boardFrame(svg, cellSize) {
  const { files: F, ranks: R } = S.rules.board;
  const m = margin(cellSize);
  svg.setAttribute('viewBox', `0 0 ${F * cellSize + m} ${R * cellSize + m}`);
}

// The cells (holes left out), each a group carrying its name, with a coloured square.
function squares(cellSize, extra) {
  const { files: F, ranks: R, holes } = S.rules.board;
  const hole = new Set(holes);
  const mg = margin(cellSize);
  let s = '';
  for (let c = 0; c < F * R; c++) {
    if (hole.has(c)) continue;
    const [col, row] = screen(c);
    const x = mg + col * cellSize;
    const y = row * cellSize;
    const dark = ((c % F) + Math.floor(c / F)) % 2 === 0;
    s += `<g class="cell ${extra(c)}" data-cell="${cellName(c)}" data-index="${c}">`
      + `<rect class="sq ${dark ? 'dark' : 'light'}" x="${x}" y="${y}" width="${cellSize}" height="${cellSize}"/></g>`;
  }
  return s;
}

function coordinates(cellSize) {
  const { files: F, ranks: R } = S.rules.board;
  const mg = margin(cellSize);
  const fs = mg * 0.6;
  let s = '';
  for (let f = 0; f < F; f++) {
    const col = S.flipped ? F - 1 - f : f;
    s += `<text class="coord" font-size="${fs}" x="${mg + (col + 0.5) * cellSize}" y="${R * cellSize + mg * 0.6}">`
      + `${String.fromCharCode(97 + f)}</text>`;
  }
  for (let r = 0; r < R; r++) {
    const row = S.flipped ? r : R - 1 - r;
    s += `<text class="coord" font-size="${fs}" x="${mg * 0.5}" y="${(row + 0.5) * cellSize}">${r + 1}</text>`;
  }
  return s;
}

function centre(c, cellSize) {
  const [col, row] = screen(c);
  return [margin(cellSize) + (col + 0.5) * cellSize, (row + 0.5) * cellSize];
}

