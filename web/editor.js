// varia playground: the board editor. `Edit` opens it on the position shown: pick a piece of any
// type and player from the palette (drawn as the board draws them) and click cells to put it
// there, or the eraser to empty them; set the pieces in hand, the player to move and (with two
// players) the castling rights; `Clear` empties the board, `Start position` sets up the game, and
// a FEN typed in the box is loaded with `Load`. `Play from here` asks the server whether the
// position can be played (POST /api/setup) and, if so, the game goes on from it: a refused
// position shows the server's error and leaves the game as it was. Loaded before app.js, whose
// state and calls it uses once the page is ready.
'use strict';

// The editor: whether it is open, the pieces by cell ({kind, owner}), the counts in hand by
// player and type, the player to move, the castling field, and the tool picked ({kind, owner},
// {erase: true} or null).
const E = { on: false, cells: new Map(), hands: [], side: 0, castling: '-', tool: null };

const holdable = () => S.rules.pieces.map((p, i) => [p, i]).filter(([p]) => p.holdable).map(([, i]) => i);

// Fills the editor from a position as /api/position answers it.
function editorFrom(pos) {
  E.cells = new Map(pos.board.map((p) => [p.cell, { kind: p.kind, owner: p.owner }]));
  E.hands = S.rules.players.map((_, i) => new Map((pos.hands[i] || []).map((h) => [h.kind, h.count])));
  E.side = pos.to_move;
  const castling = pos.fen.split(' ')[2];
  E.castling = S.rules.players.length === 2 && castling && !/^\d+$/.test(castling) ? castling : '-';
}

// The position set up, as a FEN: the board from the far rank (`*` for a hole, digits for empty
// runs, a player's symbol in upper or lower case, or behind its tag among more than two
// players), the hands, the player to move, then with two players the castling field, no en
// passant and the clocks; with more, the players that have nothing left (out) and the clocks.
function editorFen() {
  const { files: F, ranks: R, holes } = S.rules.board;
  const hole = new Set(holes);
  const players = S.rules.players;
  const tagged = players.length > 2;
  const symbol = (kind, owner) => {
    const s = S.rules.pieces[kind].symbol;
    if (tagged) return players[owner].tag + s;
    return owner === 0 ? s : s.toLowerCase();
  };
  const ranks = [];
  for (let r = R - 1; r >= 0; r--) {
    let s = '';
    let run = 0;
    const flush = () => {
      if (run) s += run;
      run = 0;
    };
    for (let f = 0; f < F; f++) {
      const c = f + r * F;
      const p = E.cells.get(c);
      if (hole.has(c)) {
        flush();
        s += '*';
      } else if (p) {
        flush();
        s += symbol(p.kind, p.owner);
      } else run += 1;
    }
    flush();
    ranks.push(s);
  }
  let hand = '';
  if (holdable().length) {
    hand = players.map((_, i) => holdable()
      .map((k) => symbol(k, i).repeat(E.hands[i].get(k) || 0)).join('')).join('');
    hand = `[${hand}]`;
  }
  const board = ranks.join('/') + hand;
  if (!tagged) return `${board} ${E.side === 0 ? 'w' : 'b'} ${E.castling.trim() || '-'} - 0 1`;
  const out = players.map((pl, i) => i).filter((i) => i !== E.side
    && ![...E.cells.values()].some((p) => p.owner === i)
    && ![...E.hands[i].values()].some((n) => n > 0)).map((i) => players[i].tag).join('');
  return `${board} ${players[E.side].tag} ${out || '-'} 0 1`;
}

// ---- drawing -------------------------------------------------------------------------------------

// The board while editing (drawBoard hands over to it): the cells and the pieces set up.
function drawEditorBoard() {
  const svg = $('board');
  boardFrame(svg, CELL);
  let s = squares(CELL, () => 'editing') + coordinates(CELL);
  for (const [c, p] of E.cells) {
    const [x, y] = centre(c, CELL);
    s += pieceSvg(p.kind, p.owner, x, y, CELL);
  }
  svg.innerHTML = s;
  svg.classList.remove('stale');
}

function drawEditor() {
  const players = S.rules.players;
  const tool = (kind, owner) => E.tool && E.tool.kind === kind && E.tool.owner === owner;
  $('editor-palette').innerHTML = players.map((pl, i) => `<div class="palette-row" data-player="${i}">`
    + `<span class="name">${esc(pl.name)}</span>${S.rules.pieces.map((p, k) => (
      `<button type="button" class="palette-piece${tool(k, i) ? ' selected' : ''}" data-kind="${k}" `
      + `data-owner="${i}" title="${esc(`${pl.name} ${p.name}`)}">${discSvg(k, i, 30)}</button>`)).join('')}</div>`)
    .join('');
  $('editor-eraser').classList.toggle('selected', Boolean(E.tool && E.tool.erase));
  const kinds = holdable();
  $('editor-hands').hidden = kinds.length === 0;
  $('editor-hand-list').innerHTML = players.map((pl, i) => `<div class="hand-row" data-player="${i}">`
    + `<span class="name">${esc(pl.name)}</span>${kinds.map((k) => `<label title="${esc(S.rules.pieces[k].name)}">`
      + `${discSvg(k, i, 28)}<input type="number" class="hand-count" min="0" max="99" data-player="${i}" `
      + `data-kind="${k}" value="${E.hands[i].get(k) || 0}"></label>`).join('')}</div>`).join('');
  $('editor-side').innerHTML = players.map((pl, i) => (
    `<option value="${i}"${i === E.side ? ' selected' : ''}>${esc(pl.name)}</option>`)).join('');
  // The castling field, where the game has castling rights (its setup has some) or the FEN
  // loaded wrote some.
  const rights = (f) => Boolean(f) && f !== '-' && !/^\d+$/.test(f);
  $('editor-castling-box').hidden = players.length !== 2
    || (!rights(S.rules.start_fen.split(' ')[2]) && !rights(E.castling));
  $('editor-castling').value = E.castling;
  drawEditorFen();
  drawEditorBoard();
}

function drawEditorFen() {
  if (document.activeElement !== $('editor-fen')) $('editor-fen').value = editorFen();
}

function editorError(text) {
  $('editor-error').textContent = text || '';
  if (text) notice(text, 'error');
  else notice('');
}

// ---- opening, editing, leaving -------------------------------------------------------------------

function openEditor() {
  if (!S.rules || !S.pos || S.broken || S.thinking) return;
  editorFrom(S.pos);
  E.on = true;
  E.tool = null;
  $('editor').hidden = false;
  $('players').hidden = true;
  $('edit').disabled = true;
  editorError('');
  drawEditor();
}

function closeEditor() {
  E.on = false;
  $('editor').hidden = true;
  $('players').hidden = false;
  $('edit').disabled = false;
  render();
}

// Loads a FEN into the editor (not checked: any position the FEN reader takes may be edited).
async function loadEditorFen(fen) {
  const r = await api('POST', '/api/position', { file: S.file, variant: S.variant, fen, moves: [] });
  if (!r.ok) {
    editorError(r.body.error);
    return;
  }
  editorError('');
  editorFrom(r.body);
  drawEditor();
}

function editCell(c) {
  if (!E.tool) {
    editorError('pick a piece or the eraser first');
    return;
  }
  if (E.tool.erase) E.cells.delete(c);
  else E.cells.set(c, { kind: E.tool.kind, owner: E.tool.owner });
  editorError('');
  drawEditorFen();
  drawEditorBoard();
}

// Plays from the position set up once the server takes it; else shows why not.
async function playFromHere() {
  const fen = editorFen();
  const r = await api('POST', '/api/setup', { file: S.file, variant: S.variant, fen, moves: [] });
  if (!r.ok) {
    editorError(r.body.error);
    return;
  }
  editorError('');
  S.startFen = r.body.start_fen;
  closeEditor();
  setPosition(r.body);
}

function wireEditor() {
  $('edit').addEventListener('click', openEditor);
  // A click on the board while editing is the editor's, not a move.
  $('board').addEventListener('click', (e) => {
    if (!E.on) return;
    e.stopPropagation();
    const g = e.target.closest('[data-index]');
    const c = g ? Number(g.dataset.index) : cellAt($('board'), e, CELL);
    if (c !== null) editCell(c);
  }, true);
  $('editor-palette').addEventListener('click', (e) => {
    const b = e.target.closest('button.palette-piece');
    if (!b) return;
    E.tool = { kind: Number(b.dataset.kind), owner: Number(b.dataset.owner) };
    drawEditor();
  });
  $('editor-eraser').addEventListener('click', () => {
    E.tool = { erase: true };
    drawEditor();
  });
  $('editor-hand-list').addEventListener('input', (e) => {
    const i = e.target.closest('input.hand-count');
    if (!i) return;
    const n = Math.max(0, Math.min(99, Math.floor(Number(i.value)) || 0));
    E.hands[Number(i.dataset.player)].set(Number(i.dataset.kind), n);
    drawEditorFen();
  });
  $('editor-side').addEventListener('change', (e) => {
    E.side = Number(e.target.value);
    drawEditorFen();
  });
  $('editor-castling').addEventListener('input', (e) => {
    E.castling = e.target.value;
    drawEditorFen();
  });
  $('editor-clear').addEventListener('click', () => {
    E.cells = new Map();
    E.hands = S.rules.players.map(() => new Map());
    E.castling = '-';
    editorError('');
    drawEditor();
  });
  $('editor-start').addEventListener('click', () => loadEditorFen(S.rules.start_fen));
  $('editor-load').addEventListener('click', () => loadEditorFen($('editor-fen').value.trim()));
  $('editor-fen').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') loadEditorFen($('editor-fen').value.trim());
  });
  $('editor-play').addEventListener('click', playFromHere);
  $('editor-cancel').addEventListener('click', closeEditor);
}

document.addEventListener('DOMContentLoaded', wireEditor);
