// varia playground: the pieces, drawn as images or as lettered discs (the choice is kept in the
// browser's localStorage). Every image is drawn here, as SVG, from the piece's rules as the server
// sends them (name, symbol, royal flag, move vectors), never from the game's name:
// - a chess shape (king, queen, rook, bishop, knight, pawn) for a piece that moves exactly as the
//   chess piece does and bears its name or letter;
// - a shogi tile (a pentagon pointing the way its owner faces, with the letter) for every piece of
//   a set with drops and `+X` promoted types;
// - a xiangqi disc (a wooden disc with a ring and the letter) for every piece of a set whose
//   royal piece is confined to a zone and which has a hopper;
// - otherwise an emblem: the piece's moves from the centre of a small grid, turned the way its
//   owner faces (a dot for a leap, a line for a ride; hollow: moving only, a cross: capturing
//   only, dashed: hopping), with its letter in the middle.
// Loaded after board.js (colours, FORWARD, esc) and before app.js (or, in a game exported as one
// file, replay.js), whose state S it reads when drawing.
'use strict';

const PIECE_STYLE_KEY = 'varia.pieces';
const PIECE_STYLES = ['images', 'letters'];

function pieceStyle() {
  try {
    const s = localStorage.getItem(PIECE_STYLE_KEY);
    return PIECE_STYLES.includes(s) ? s : 'images';
  } catch (e) {
    return 'images';
  }
}

function setPieceStyle(style) {
  try {
    localStorage.setItem(PIECE_STYLE_KEY, style);
  } catch (e) {
    // A browser without storage forgets the choice with the page.
  }
}

// ---- which image a piece gets ------------------------------------------------------------------

const ORTH = [[0, 1], [1, 0], [0, -1], [-1, 0]];
const DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

// A move set as a string: each vector of the parts made from anywhere, with its mode and range.
// Parts made only from a zone (a pawn's double step) are left out.
function moveSignature(moves) {
  const out = new Set();
  for (const m of moves) {
    if (m.from_zone) continue;
    for (const [x, y] of m.vectors || []) out.add(`${m.hop ? 'hop-' : ''}${m.mode}:${x},${y}:${m.range}`);
  }
  return [...out].sort().join(' ');
}

const signature = (...parts) => moveSignature(parts.map(([mode, vectors, range]) => (
  { mode, vectors, range, hop: false, from_zone: null })));

// The chess shapes: the moves, and the name or letter the piece must bear.
const CHESS_SHAPES = [
  { shape: 'king', name: 'king', letter: 'K', royal: true, moves: signature(['both', ORTH.concat(DIAG), 1]) },
  { shape: 'queen', name: 'queen', letter: 'Q', moves: signature(['both', ORTH.concat(DIAG), 0]) },
  { shape: 'rook', name: 'rook', letter: 'R', moves: signature(['both', ORTH, 0]) },
  { shape: 'bishop', name: 'bishop', letter: 'B', moves: signature(['both', DIAG, 0]) },
  { shape: 'knight', name: 'knight', letter: 'N', moves: signature(['both', KNIGHT, 1]) },
  { shape: 'pawn', name: 'pawn', letter: 'P', moves: signature(['move', [[0, 1]], 1], ['capture', [[1, 1], [-1, 1]], 1]) },
];

// The image of each piece type of a rule set, worked out once per rule set.
const IMAGE_KINDS = new WeakMap();

function imageKinds(rules) {
  if (IMAGE_KINDS.has(rules)) return IMAGE_KINDS.get(rules);
  const shogi = rules.captures_to_hand && rules.pieces.some((p) => p.symbol.startsWith('+'));
  const xiangqi = rules.pieces.some((p) => p.royal && p.confined_to)
    && rules.pieces.some((p) => p.moves.some((m) => m.hop));
  const kinds = rules.pieces.map((p) => {
    if (shogi) return 'shogi';
    if (xiangqi) return 'xiangqi';
    const sig = moveSignature(p.moves);
    const named = (c) => p.name.toLowerCase() === c.name || p.symbol === c.letter;
    const c = CHESS_SHAPES.find((x) => x.moves === sig && named(x) && (!x.royal || p.royal));
    return c ? c.shape : 'emblem';
  });
  IMAGE_KINDS.set(rules, kinds);
  return kinds;
}

// ---- shapes --------------------------------------------------------------------------------------

// The chess shapes in a 100 x 100 box, each a few strokes of the owner's colours: `body` parts
// are filled, `line` parts are details in the owner's ink.
const SHAPES = {
  king: {
    body: ['M26,88 L74,88 L70,76 C82,62 80,42 64,42 C57,42 53,47 50,55 C47,47 43,42 36,42 C20,42 18,62 30,76 Z',
      'M46,14 L54,14 L54,22 L62,22 L62,30 L54,30 L54,44 L46,44 L46,30 L38,30 L38,22 L46,22 Z'],
    line: ['M30,76 L70,76'],
  },
  queen: {
    body: ['M24,88 L76,88 L72,76 L82,32 L65,56 L62,24 L50,52 L38,24 L35,56 L18,32 L28,76 Z'],
    dots: [[18, 30], [38, 22], [62, 22], [82, 30], [50, 48]],
    line: ['M28,76 L72,76'],
  },
  rook: {
    body: ['M24,88 L76,88 L76,80 L67,75 L65,44 L73,38 L73,18 L63,18 L63,26 L55,26 L55,18 L45,18 '
      + 'L45,26 L37,26 L37,18 L27,18 L27,38 L35,44 L33,75 L24,80 Z'],
    line: ['M35,44 L65,44', 'M34,75 L66,75'],
  },
  bishop: {
    body: ['M50,20 C67,32 69,52 60,64 L40,64 C31,52 33,32 50,20 Z', 'M37,64 L63,64 L63,72 L37,72 Z',
      'M24,88 L76,88 L72,78 C60,72 40,72 28,78 Z'],
    dots: [[50, 15]],
    line: ['M54,32 L46,46', 'M44,56 L56,56'],
  },
  knight: {
    body: ['M30,88 L74,88 L72,74 C78,56 74,34 58,22 L54,11 L47,21 C38,23 30,32 26,44 L21,56 '
      + 'C20,63 27,66 32,61 L41,55 C45,57 46,60 43,64 C36,71 31,78 30,88 Z'],
    eye: [47, 34],
  },
  pawn: {
    body: ['M38,46 C42,42 58,42 62,46 L58,56 C64,64 68,72 70,80 L30,80 C32,72 36,64 42,56 Z',
      'M24,88 L76,88 L74,80 L26,80 Z'],
    dots: [[50, 31]],
    head: 13,
  },
};

function chessShape(shape, x, y, size, fill, ink, edge) {
  const k = SHAPES[shape];
  const sw = 3;
  let s = `<g transform="translate(${x - size / 2},${y - size / 2}) scale(${size / 100})">`;
  for (const [i, d] of k.body.entries()) {
    s += `<path class="${i === 0 ? 'body' : 'part'}" d="${d}" fill="${fill}" stroke="${edge}" `
      + `stroke-width="${sw}" stroke-linejoin="round"/>`;
  }
  for (const [cx, cy] of k.dots || []) {
    s += `<circle cx="${cx}" cy="${cy}" r="${k.head || 5}" fill="${fill}" stroke="${edge}" stroke-width="${sw}"/>`;
  }
  for (const d of k.line || []) {
    s += `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${sw}" stroke-linecap="round"/>`;
  }
  if (k.eye) s += `<circle cx="${k.eye[0]}" cy="${k.eye[1]}" r="3.5" fill="${ink}"/>`;
  return `${s}</g>`;
}

// Screen direction of the owner's forward and right, as the board is turned.
function facing(owner) {
  let d = S.rules.players[owner] ? FORWARD[S.rules.players[owner].forward] : [0, -1];
  if (S.flipped) d = [-d[0], -d[1]];
  return { d, right: [-d[1], d[0]] };
}

// A five-sided shogi tile pointing the owner's way.
function shogiTile(x, y, size, owner, fill, edge) {
  const { d, right } = facing(owner);
  const at = (u, v) => `${x + (right[0] * u + d[0] * v) * size},${y + (right[1] * u + d[1] * v) * size}`;
  const pts = [at(0, 0.44), at(0.3, 0.3), at(0.38, -0.42), at(-0.38, -0.42), at(-0.3, 0.3)];
  return `<polygon class="body tile" points="${pts.join(' ')}" fill="${fill}" stroke="${edge}" `
    + `stroke-width="${size * 0.035}" stroke-linejoin="round"/>`;
}

// Light colours are hard to read on wood: those players' ink on a xiangqi disc is their edge colour,
// and the first colour of chess sets, white, is drawn red as xiangqi sets draw their first side.
function woodInk(owner) {
  const [fill, , edge] = colours(owner);
  if (S.rules.players[owner].name.toLowerCase() === 'white') return '#b3261e';
  const n = parseInt(fill.slice(1).replace(/^(.)(.)(.)$/, '$1$1$2$2$3$3'), 16);
  const light = 0.3 * (n >> 16) + 0.59 * ((n >> 8) & 255) + 0.11 * (n & 255);
  return light > 170 ? edge : fill;
}

function xiangqiDisc(x, y, size, owner) {
  const ink = woodInk(owner);
  const r = size * 0.43;
  return `<circle class="body wood" cx="${x}" cy="${y}" r="${r}" fill="#f1dcae" stroke="${ink}" stroke-width="${size * 0.035}"/>`
    + `<circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="none" stroke="${ink}" stroke-width="${size * 0.02}"/>`;
}

// The emblem: a rounded square with the piece's moves drawn from the centre of a small grid.
function emblem(p, x, y, size, owner, fill, ink, edge) {
  const { d, right } = facing(owner);
  let reach = 1;
  for (const m of p.moves) {
    for (const [a, b] of m.vectors || []) reach = Math.max(reach, Math.abs(a) * (m.range === 1 ? 1 : 2), Math.abs(b) * (m.range === 1 ? 1 : 2));
  }
  reach = Math.min(reach, 3);
  const half = size * 0.4;
  const step = half / (reach + 0.5);
  const at = (u, v) => [x + (right[0] * u + d[0] * v) * step, y + (right[1] * u + d[1] * v) * step];
  let s = `<rect class="body emblem-box" x="${x - half}" y="${y - half}" width="${2 * half}" height="${2 * half}" `
    + `rx="${size * 0.08}" fill="${fill}" stroke="${edge}" stroke-width="${size * 0.03}"/>`;
  for (let u = -reach; u <= reach; u++) {
    for (let v = -reach; v <= reach; v++) {
      const [cx, cy] = at(u, v);
      s += `<circle cx="${cx}" cy="${cy}" r="${step * 0.07}" fill="${ink}" opacity="0.25"/>`;
    }
  }
  const dot = step * 0.22;
  const mark = (m, cx, cy) => {
    if (m.mode === 'move') {
      return `<circle cx="${cx}" cy="${cy}" r="${dot * 0.8}" fill="none" stroke="${ink}" stroke-width="${dot * 0.45}"/>`;
    }
    if (m.mode === 'capture') {
      return `<path d="M${cx - dot},${cy - dot} L${cx + dot},${cy + dot} M${cx - dot},${cy + dot} L${cx + dot},${cy - dot}" `
        + `stroke="${ink}" stroke-width="${dot * 0.5}"/>`;
    }
    return `<circle cx="${cx}" cy="${cy}" r="${dot}" fill="${ink}"/>`;
  };
  for (const m of p.moves) {
    const faint = m.from_zone ? ' opacity="0.55"' : '';
    for (const [a, b] of m.vectors || []) {
      const n = m.range === 0 ? reach : Math.min(m.range, reach);
      let k = 1;
      while (k < n && Math.abs(a * (k + 1)) <= reach && Math.abs(b * (k + 1)) <= reach) k++;
      if (Math.abs(a) > reach || Math.abs(b) > reach) continue;
      const [ex, ey] = at(a * k, b * k);
      if (m.range !== 1) {
        const [sx, sy] = at(a * 0.5, b * 0.5);
        s += `<path d="M${sx},${sy} L${ex},${ey}" stroke="${ink}" stroke-width="${dot * 0.6}"`
          + `${m.hop ? ` stroke-dasharray="${dot},${dot * 0.7}"` : ''}${faint}/>`;
      }
      s += `<g${faint}>${mark(m, ex, ey)}</g>`;
    }
  }
  s += `<circle cx="${x}" cy="${y}" r="${size * 0.13}" fill="${fill}" stroke="${ink}" stroke-width="${size * 0.012}"/>`;
  return s;
}

// ---- a piece -------------------------------------------------------------------------------------

// A piece at (x, y) in a cell of `size`: as an image or as a disc with its letter, coloured by
// owner; a promoted `+X` type gets a plus (and, as a disc, a dashed ring); a notch shows which way
// its owner faces; a piece that remembers its origin shows the origin's letter.
function pieceSvg(kind, owner, x, y, size, origin) {
  const p = S.rules.pieces[kind];
  const image = pieceStyle() === 'images' ? imageKinds(S.rules)[kind] : 'letter';
  const [fill, ink, edge] = colours(owner);
  const r = size * 0.42;
  const letter = p.symbol.replace(/^\+/, '');
  let fs = size * (letter.length > 1 ? 0.36 : 0.5);
  const { d } = facing(owner);
  const nx = x + d[0] * r;
  const ny = y + d[1] * r;
  const w = size * 0.09;
  let s = `<g class="piece${p.promoted ? ' promoted' : ''}${p.royal ? ' royal' : ''}" `
    + `data-kind="${kind}" data-owner="${owner}" data-image="${image}">`;
  // The notch: on a disc, and on an image among more than two players (a shogi tile points the
  // way itself; with two, the colour tells).
  if (image === 'letter' || (image !== 'shogi' && S.rules.players.length > 2)) {
    s += `<polygon class="notch" points="${nx + d[0] * w * 1.3},${ny + d[1] * w * 1.3} `
      + `${nx - d[1] * w},${ny + d[0] * w} ${nx + d[1] * w},${ny - d[0] * w}" fill="${edge}"/>`;
  }
  let letterInk = ink;
  if (image === 'letter') {
    s += `<circle class="body" cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${edge}" stroke-width="${size * 0.035}"/>`;
    if (p.promoted) {
      s += `<circle class="promo-ring" cx="${x}" cy="${y}" r="${r * 0.8}" fill="none" stroke-width="${size * 0.03}"/>`;
    }
  } else if (image === 'shogi') {
    s += shogiTile(x, y, size, owner, fill, edge);
  } else if (image === 'xiangqi') {
    s += xiangqiDisc(x, y, size, owner);
    letterInk = woodInk(owner);
    fs *= 0.9;
  } else if (image === 'emblem') {
    s += emblem(p, x, y, size, owner, fill, ink, edge);
    fs = size * (letter.length > 1 ? 0.17 : 0.25);
  } else {
    s += chessShape(image, x, y, size, fill, ink, edge);
  }
  if (p.promoted) {
    s += `<text class="plus" x="${x + r * 0.62}" y="${y - r * 0.5}" font-size="${size * 0.26}">+</text>`;
  }
  if (p.royal && image !== 'king') {
    s += `<circle class="royal-ring" cx="${x}" cy="${y}" r="${r * 1.06}" fill="none" stroke-width="${size * 0.05}"/>`;
  }
  if (image === 'letter' || image === 'shogi' || image === 'xiangqi' || image === 'emblem') {
    s += `<text class="letter" x="${x}" y="${y}" font-size="${fs}" fill="${letterInk}">${esc(letter)}</text>`;
  }
  if (origin !== null && origin !== undefined && S.rules.pieces[origin]) {
    s += `<text class="origin" x="${x + r * 0.55}" y="${y + r * 0.72}" font-size="${size * 0.2}" fill="${letterInk}">`
      + `${esc(S.rules.pieces[origin].symbol)}</text>`;
  }
  return `${s}</g>`;
}

function discSvg(kind, owner, size) {
  return `<svg class="disc" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">`
    + `${pieceSvg(kind, owner, size / 2, size / 2, size)}</svg>`;
}
