// varia playground: draws a variant served by `varia serve` and plays it. The server knows the
// rules; this page keeps the start FEN and the move list, and asks the server for everything
// else (see src/cli/serve.rs for the API).
'use strict';

const S = {
  info: null,
  definitions: [],
  file: null,
  variant: null,
  rules: null,
  version: null, // hash of the definition text last seen by polling
  startFen: null, // null: the game's setup
  moves: [],
  pos: null, // the position shown
  full: null, // the position after every move (S.pos unless browsing)
  view: null, // browsing: the plies shown (null: all of them)
  selected: null, // {from: cell} or {hand: kind}
  flipped: false,
  zone: '',
  diagram: null, // {piece, cell, player}
  broken: false,
  busy: false,
  thinking: false, // an engine search is under way
};

const $ = (id) => document.getElementById(id);

// ---- server ----------------------------------------------------------------------------------

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.body = JSON.stringify(body);
    opt.headers['Content-Type'] = 'application/json';
  }
  let res;
  try {
    res = await fetch(path, opt);
  } catch (e) {
    return { ok: false, status: 0, body: { error: 'the server does not answer', kind: 'network' } };
  }
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: `bad answer from the server (${res.status})`, kind: 'network' };
  }
  return { ok: res.ok, status: res.status, body: data };
}

const query = (params) => Object.entries(params)
  .filter(([, v]) => v !== null && v !== undefined)
  .map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

function gameRequest(extra) {
  return Object.assign({ file: S.file, variant: S.variant, fen: S.startFen, moves: S.moves }, extra);
}

// ---- the board -------------------------------------------------------------------------------

// Colours, cell names and the board's geometry are board.js's; the pieces are drawn by pieces.js
// (pieceSvg, discSvg).

const CELL = 100;

// The board; the selection's targets and moves in legs are legs.js's.
function drawBoard() {
  const svg = $('board');
  if (!S.rules) {
    svg.innerHTML = '';
    return;
  }
  if (E.on) return drawEditorBoard();
  boardFrame(svg, CELL);
  const pos = S.pos;
  const t = targets();
  const second = Boolean(S.selected && S.selected.to !== undefined);
  const occupied = new Map();
  if (pos) for (const p of pos.board) occupied.set(p.cell, p);
  const zone = S.rules.zones.find((z) => z.name === S.zone);
  const zoneCells = new Set(zone ? zone.cells[pos ? pos.to_move : 0] || [] : []);
  const last = pos && pos.last;
  const checked = new Set();
  if (pos && pos.in_check) {
    for (const p of pos.board) {
      if (p.owner === pos.to_move && S.rules.pieces[p.kind].royal) checked.add(p.cell);
    }
  }
  const walls = new Set(pos.walls || []);
  const classes = (c) => {
    const k = [];
    if (walls.has(c)) k.push('wall');
    if (zoneCells.has(c)) k.push('zone');
    if (last && (last.from === c || last.to === c || (last.via || []).includes(c))) k.push('last');
    if (isChosen(c)) k.push('selected');
    if (checked.has(c)) k.push('check');
    const ms = t.get(c);
    if (ms) {
      k.push('target');
      if (!second && ms.some((m) => m.captures.length > 0)) k.push('capture');
      if (ms.some((m) => m.promotion !== null)) k.push('promotion');
    }
    return k.join(' ');
  };
  let s = squares(CELL, classes) + coordinates(CELL);
  s += legPathSvg(last, CELL);
  for (const [c, p] of occupied) {
    const [x, y] = centre(c, CELL);
    s += pieceSvg(p.kind, p.owner, x, y, CELL, p.origin);
  }
  s += analysisArrowsSvg(CELL);
  for (const [c, ms] of t) {
    const [x, y] = centre(c, CELL);
    const capture = !second && ms.some((m) => m.captures.length > 0);
    s += capture
      ? `<circle class="mark capture" cx="${x}" cy="${y}" r="${CELL * 0.46}"/>`
      : `<circle class="mark quiet" cx="${x}" cy="${y}" r="${CELL * 0.14}"/>`;
    if (ms.some((m) => m.promotion !== null)) {
      s += `<text class="mark promo" x="${x + CELL * 0.3}" y="${y - CELL * 0.28}">+</text>`;
    }
  }
  svg.innerHTML = s;
  svg.classList.toggle('stale', S.broken);
}

// ---- players, hands, status ------------------------------------------------------------------

function drawPlayers() {
  const box = $('players');
  if (!S.rules || !S.pos) {
    box.innerHTML = '';
    return;
  }
  const pos = S.pos;
  const drops = new Set(pos.legal.filter((m) => m.hand !== null).map((m) => m.hand));
  box.innerHTML = S.rules.players.map((pl, i) => {
    const out = pos.eliminated.includes(i);
    let hand = '';
    if (S.rules.captures_to_hand) {
      hand = pos.hands[i].map((h) => {
        const can = i === pos.to_move && drops.has(h.kind) && !S.broken;
        const sel = S.selected && S.selected.hand === h.kind && i === pos.to_move;
        return `<button type="button" class="hand-piece${sel ? ' selected' : ''}" data-player="${i}" `
          + `data-kind="${h.kind}"${can ? '' : ' disabled'} title="${esc(S.rules.pieces[h.kind].name)}">`
          + `${discSvg(h.kind, i, 34)}<span class="count">${h.count}</span></button>`;
      }).join('') || '<span class="empty">no pieces in hand</span>';
    }
    const [fill, , edge] = colours(i);
    return `<div class="player${i === pos.to_move && !pos.over ? ' to-move' : ''}${out ? ' out' : ''}" `
      + `data-player="${i}"><span class="swatch" style="background:${fill};border-color:${edge}"></span>`
      + `<span class="name">${esc(pl.name)}</span> <span class="facing">faces ${pl.forward}</span>`
      + `${out ? ' <span class="out-mark">out</span>' : ''}<span class="hand">${hand}</span></div>`;
  }).join('');
}

function drawStatus() {
  const pos = S.pos;
  if (!pos) return;
  const name = (p) => S.rules.players[p].name;
  $('to-move').innerHTML = pos.over ? 'Game over'
    : `<span class="swatch" style="background:${colours(pos.to_move)[0]}"></span>${esc(name(pos.to_move))} to move`;
  $('status').textContent = pos.description;
  $('status').dataset.status = pos.status;
  $('winner').textContent = pos.over ? (pos.winner === null ? 'Draw' : `Winner: ${name(pos.winner)}`) : '';
  $('winner').dataset.winner = pos.winner === null ? '' : name(pos.winner);
  if (document.activeElement !== $('fen')) $('fen').value = pos.fen;
  // SAN, with the move as the engines write it in a tooltip; the move shown marked.
  const all = S.full || pos;
  const shown = S.view === null ? all.moves.length : S.view;
  $('move-list').innerHTML = all.moves
    .map((m, i) => `<li data-move="${esc(m)}" data-ply="${i + 1}" title="${esc(m)}"`
      + `${i + 1 === shown ? ' class="current"' : ''}>${esc(all.san[i])}</li>`).join('');
  if (S.view === null) $('move-list').scrollTop = $('move-list').scrollHeight;
  drawNav();
  $('takeback').disabled = all.moves.length === 0 || S.broken;
  $('engine-move').disabled = pos.over || S.broken || S.thinking;
}

function drawPieces() {
  if (!S.rules) return;
  $('piece-list').innerHTML = S.rules.pieces.map((p, i) => {
    const parts = p.moves.map((m) => {
      const mode = m.mode === 'both' ? '' : (m.mode === 'move' ? 'm' : 'c');
      const style = m.hop ? 'p' : (m.style === 'step' ? 'n' : (m.style === 'displace' ? 'x' : ''));
      return `${mode}${style}${m.atom}${m.from_zone ? ` in ${m.from_zone}` : ''}`;
    }).join(' ');
    const notes = [
      p.royal ? 'royal' : '',
      p.value ? `value ${p.value}` : '',
      p.confined_to ? `confined to ${p.confined_to}` : '',
      p.barred_from ? `never enters ${p.barred_from}` : '',
      ...p.promotions.map((x) => `promotes ${x}`),
    ].filter(Boolean).join('; ');
    return `<li><button type="button" class="piece-entry" data-kind="${i}">${discSvg(i, 0, 30)}`
      + `<span><b>${esc(p.name)}</b> <code>${esc(p.symbol)}</code> <span class="atoms">${esc(parts)}</span>`
      + `<br><small>${esc(notes)}</small></span></button></li>`;
  }).join('');
  const zs = $('zone-select');
  zs.innerHTML = '<option value="">none</option>'
    + S.rules.zones.map((z) => `<option${z.name === S.zone ? ' selected' : ''}>${esc(z.name)}</option>`).join('');
  const players = S.rules.players.map((pl, i) => `<option value="${i}">${esc(pl.name)}</option>`).join('');
  $('diagram-player').innerHTML = players;
  // The engine plays one player, or with more than two, every player but the human.
  const allBut = S.rules.players.length > 2 ? S.rules.players.map((pl, i) => (
    `<option value="all-but-${i}">all but ${esc(pl.name)}</option>`)).join('') : '';
  const side = $('engine-side').value;
  $('engine-side').innerHTML = `<option value="">nobody</option>${players}${allBut}`;
  $('engine-side').value = [...$('engine-side').options].some((o) => o.value === side) ? side : '';
}

function render() {
  $('title').textContent = S.rules ? `${S.rules.title} (${S.rules.variant})` : '';
  drawBoard();
  drawPlayers();
  drawStatus();
  clockTick();
  analysisFollows();
  document.querySelectorAll('#definition-list a').forEach((a) => {
    a.classList.toggle('current', a.dataset.file === S.file && a.dataset.variant === S.variant);
  });
}

function notice(text, kind) {
  const n = $('notice');
  n.textContent = text || '';
  n.className = kind || '';
}

// ---- diagnostics -----------------------------------------------------------------------------

function showProblem(err) {
  S.broken = true;
  $('diagnostics').hidden = false;
  $('diagnostics-title').textContent = err.kind === 'definition'
    ? `${S.file} does not compile` : 'The game cannot be loaded';
  const list = err.diagnostics || [];
  $('diagnostic-list').innerHTML = list.length
    ? list.map((d) => `<li class="diagnostic" data-line="${d.line}" data-column="${d.column}">`
      + `<b>line ${d.line}, column ${d.column}</b>: ${esc(d.message)}</li>`).join('')
    : `<li class="diagnostic">${esc(err.error)}</li>`;
  $('diagnostics-rendered').textContent = err.rendered || '';
  S.selected = null;
  render();
}

function clearProblem() {
  S.broken = false;
  $('diagnostics').hidden = true;
}

// ---- loading ---------------------------------------------------------------------------------

async function loadDefinitions() {
  const r = await api('GET', '/api/definitions');
  if (!r.ok) return;
  S.definitions = r.body.definitions;
  $('definition-list').innerHTML = S.definitions.map((d) => {
    const variants = d.variants.map((v) => `<li><a href="#" data-file="${esc(d.file)}" data-variant="${esc(v)}">`
      + `${esc(v)}</a></li>`).join('');
    return `<li class="definition${d.file === S.file ? ' open' : ''}">`
      + `<a href="#" class="file" data-file="${esc(d.file)}" data-variant="${esc(d.variants[0] || '')}">${esc(d.file)}</a>`
      + `${d.error ? ' <span class="bad" title="' + esc(d.error) + '">does not parse</span>' : ''}`
      + `<ul class="variants">${variants}</ul></li>`;
  }).join('');
  render();
}

// Loads the rules of the current file and variant, then the position. With `keep`, what is no
// longer valid of the FEN and moves is dropped instead of refused (the definition changed).
async function loadRules(keep) {
  if (E.on) closeEditor();
  const r = await api('GET', `/api/rules?${query({ file: S.file, variant: S.variant || null })}`);
  if (!r.ok) {
    showProblem(r.body);
    return false;
  }
  const fresh = !S.rules || S.rules.game !== r.body.rules.game;
  S.rules = r.body.rules;
  S.variant = S.rules.variant;
  S.version = r.body.version;
  clearProblem();
  drawPieces();
  const p = await api('POST', '/api/position', gameRequest({ keep_valid: keep }));
  if (!p.ok) {
    // A bad FEN or move in the page's address: start from the setup and say why.
    notice(p.body.error, 'error');
    S.startFen = null;
    S.moves = [];
    const q = await api('POST', '/api/position', gameRequest());
    if (!q.ok) {
      showProblem(q.body);
      return false;
    }
    setPosition(q.body);
  } else {
    setPosition(p.body);
    if (p.body.dropped) notice(p.body.dropped, 'warning');
    else if (keep) notice(`reloaded ${S.file} at ${new Date().toLocaleTimeString()}`, 'info');
  }
  if (S.diagram && (fresh || !S.rules.pieces[S.diagram.piece])) S.diagram = null;
  await drawDiagram();
  return true;
}

function setPosition(pos) {
  S.pos = pos;
  S.full = pos;
  S.view = null;
  S.moves = pos.moves;
  S.selected = null;
  clockPosition(pos);
  writeAddress();
  render();
  maybeEngine();
}

async function choose(file, variant) {
  S.file = file;
  S.variant = variant || null;
  S.startFen = null;
  S.moves = [];
  S.rules = null;
  S.pos = null;
  S.full = null;
  S.view = null;
  S.diagram = null;
  notice('');
  $('diagram-box').hidden = true;
  await loadDefinitions();
  await loadRules(false);
}

// The address keeps the game, so a reload (or a link) comes back to the same position.
function writeAddress() {
  const h = query({
    file: S.file,
    variant: S.variant,
    fen: S.startFen,
    moves: S.moves.length ? S.moves.join(' ') : null,
  });
  history.replaceState(null, '', `#${h}`);
}

function readAddress() {
  const h = new URLSearchParams(location.hash.slice(1));
  return {
    file: h.get('file'),
    variant: h.get('variant'),
    fen: h.get('fen'),
    moves: (h.get('moves') || '').split(' ').filter(Boolean),
  };
}

// ---- playing ---------------------------------------------------------------------------------

async function play(move) {
  if (S.busy) return;
  leaveHistory();
  S.busy = true;
  const r = await api('POST', '/api/play', gameRequest({ move }));
  S.busy = false;
  if (flagFallen()) return; // a move answered after the flag fell is not played
  if (!r.ok) {
    notice(r.body.error, 'error');
    return;
  }
  notice('');
  setPosition(r.body);
}

// Takes back the last move, and the engine's moves before it, back to a human's turn.
async function takeBack() {
  if (S.view !== null) {
    showPly(Infinity);
    return;
  }
  let pos = null;
  while (S.moves.length && (!pos || enginePlays(pos.to_move))) {
    const r = await api('POST', '/api/takeback', gameRequest());
    if (!r.ok) {
      notice(r.body.error, 'error');
      break;
    }
    pos = r.body;
    S.moves = pos.moves;
  }
  if (pos) setPosition(pos);
}

function pieceName(kind) {
  return kind === null || kind === undefined ? '' : S.rules.pieces[kind].name;
}

// Several moves between the same cells (a promotion's choices): ask which.
function askChoice(moves) {
  const owner = S.pos.to_move;
  $('choice-title').textContent = `Choose the move to ${cellName(moves[0].to)}`;
  $('choice-list').innerHTML = moves.map((m) => {
    const kind = m.gate ? m.gate.piece : (m.promotion !== null ? m.promotion : m.piece);
    const label = m.gate
      ? `${pieceName(m.gate.piece)} gated on ${cellName(m.gate.at)}`
      : m.promotion !== null ? `${pieceName(m.promotion)}`
        : (m.hand !== null ? pieceName(m.piece) : (moves.some((x) => x.gate) ? 'no gating' : 'no promotion'));
    return `<button type="button" class="choice" data-move="${esc(m.move)}">${discSvg(kind, owner, 40)}`
      + `<span>${esc(label)}</span> <code>${esc(m.move)}</code></button>`;
  }).join('');
  $('choice').showModal();
}

async function clickCell(c) {
  if (!S.pos || S.broken || S.busy || S.thinking) return;
  const t = targets();
  if (t.has(c)) {
    const ms = t.get(c);
    if (chooseLeg(c, ms)) return;
    if (ms.length > 1 && S.selected.to === undefined && ms.every((m) => m.wall !== null)) {
      // A move with a wall as its second part: the destination first, then the wall's cell.
      S.selected = { ...S.selected, to: c };
      notice(`${cellName(c)}: now click where the wall goes (${ms.length} cells)`);
      drawBoard();
      return;
    }
    if (S.selected.to !== undefined) notice('');
    if (ms.length === 1) await play(ms[0].move);
    else askChoice(ms);
    return;
  }
  if (S.selected && (S.selected.to !== undefined || S.selected.path)) notice('');
  const here = S.pos.board.find((p) => p.cell === c);
  if (here && here.owner === S.pos.to_move && !(S.selected && S.selected.from === c)) {
    S.selected = { from: c };
  } else {
    S.selected = null;
  }
  drawBoard();
  drawPlayers();
}

function clickHand(player, kind) {
  if (!S.pos || S.broken || player !== S.pos.to_move) return;
  S.selected = S.selected && S.selected.hand === kind ? null : { hand: kind };
  drawBoard();
  drawPlayers();
}

// ---- the engine ------------------------------------------------------------------------------
// The server's search chooses a move (POST /api/engine: the position, and how long to think) and
// answers the position after it. "Engine move" asks for the player to move; "engine plays" makes
// the engine answer on its own whenever one of its players is to move.

function engineEnabled() {
  return Boolean(S.info && S.info.engine);
}

// Tells whether the engine plays a player, as "engine plays" says.
function enginePlays(player) {
  const v = $('engine-side').value;
  if (v === '') return false;
  if (v.startsWith('all-but-')) return Number(v.slice(8)) !== player;
  return Number(v) === player;
}

function setThinking(on) {
  S.thinking = on;
  $('thinking').hidden = !on;
  if (S.pos) drawStatus();
}

function scoreText(score) {
  if (score.mate !== undefined) return score.mate > 0 ? `mate in ${score.mate}` : `mated in ${-score.mate}`;
  return `${score.cp > 0 ? '+' : ''}${(score.cp / 100).toFixed(2)}`;
}

async function engineMove() {
  if (!engineEnabled() || !S.pos || S.pos.over || S.broken || S.thinking) return;
  leaveHistory();
  const game = () => JSON.stringify([S.file, S.variant, S.startFen, S.moves]);
  const before = game();
  const mover = S.rules.players[S.pos.to_move].name;
  setThinking(true);
  // With clocks, a share of the engine's clock (clock.js); else the time `thinks` says.
  const movetime = clockMovetime() ?? Number($('engine-time').value);
  const r = await api('POST', '/api/engine', gameRequest({ movetime }));
  setThinking(false);
  if (flagFallen()) return;
  // Taken back, restarted or another game meanwhile: the answer is for a position left, and the
  // engine may have a move to make in the new one.
  if (game() !== before) {
    maybeEngine();
    return;
  }
  if (!r.ok) {
    notice(r.body.error || 'the engine gave no move', 'error');
    return;
  }
  const e = r.body.engine;
  $('engine-info').textContent = `${mover} ${e.move}: ${scoreText(e.score)}, depth ${e.depth}, `
    + `${e.nodes} nodes in ${(e.time_ms / 1000).toFixed(1)} s`;
  notice('');
  setPosition(r.body);
}

function maybeEngine() {
  if (S.view !== null) return;
  if (engineEnabled() && S.pos && !S.pos.over && !S.broken && enginePlays(S.pos.to_move)) {
    setTimeout(() => {
      if (S.pos && enginePlays(S.pos.to_move)) engineMove();
    }, 50);
  }
}

// ---- the move diagram ------------------------------------------------------------------------

async function drawDiagram() {
  const box = $('diagram-box');
  if (!S.diagram || !S.rules) {
    box.hidden = true;
    return;
  }
  const d = S.diagram;
  const r = await api('GET', `/api/diagram?${query({
    file: S.file, variant: S.variant, piece: d.piece, cell: d.cell, player: d.player,
  })}`);
  if (!r.ok) {
    box.hidden = true;
    return;
  }
  const g = r.body;
  d.cell = cellName(g.cell);
  box.hidden = false;
  $('diagram-title').textContent = `${S.rules.pieces[g.piece].name} from ${d.cell}`;
  $('diagram-player').value = String(g.player);
  const svg = $('diagram');
  const C = 60;
  boardFrame(svg, C);
  const marks = new Map(g.targets.map((x) => [x.cell, x]));
  const confined = g.confined_to ? new Set(g.confined_to) : null;
  const barred = new Set(g.barred_from || []);
  let s = squares(C, (c) => {
    const k = [];
    if ((confined && !confined.has(c)) || barred.has(c)) k.push('forbidden');
    const m = marks.get(c);
    if (m) k.push('reached');
    return k.join(' ');
  }) + coordinates(C);
  const kind = (move, capture) => (move && capture ? 'both' : (move ? 'move' : 'capture'));
  for (const [c, m] of marks) {
    const [x, y] = centre(c, C);
    if (m.move || m.capture) {
      s += `<circle class="dmark ${kind(m.move, m.capture)}" cx="${x}" cy="${y}" r="${C * 0.2}"/>`;
    }
    if (m.hop_move || m.hop_capture) {
      s += `<circle class="dmark hop ${kind(m.hop_move, m.hop_capture)}" cx="${x}" cy="${y}" r="${C * 0.32}"/>`;
    }
    if (m.step) s += `<rect class="dmark step" x="${x - C * 0.42}" y="${y - C * 0.42}" width="${C * 0.84}" height="${C * 0.84}"/>`;
    if (m.displace) s += `<text class="dmark displace" x="${x}" y="${y}">x</text>`;
  }
  const [px, py] = centre(g.cell, C);
  s += pieceSvg(g.piece, g.player, px, py, C);
  svg.innerHTML = s;
  $('diagram-notes').textContent = g.only_from.length
    ? `Some of its moves are made only from ${g.only_from.join(', ')}.` : '';
}

// ---- live editing ----------------------------------------------------------------------------

async function poll() {
  if (S.file) {
    const r = await api('GET', `/api/version?${query({ file: S.file })}`);
    if (r.ok && r.body.version !== S.version) {
      S.version = r.body.version;
      await loadDefinitions();
      await loadRules(true);
    }
  }
  setTimeout(poll, 700);
}

// ---- events ----------------------------------------------------------------------------------

function wire() {
  $('definition-list').addEventListener('click', (e) => {
    const a = e.target.closest('a[data-file]');
    if (!a) return;
    e.preventDefault();
    choose(a.dataset.file, a.dataset.variant || null);
  });
  $('board').addEventListener('click', (e) => {
    const g = e.target.closest('[data-index]');
    if (g) clickCell(Number(g.dataset.index));
    else {
      // Clicks on a piece or mark land on the element above the cell: find the cell by position.
      const c = cellAt($('board'), e, CELL);
      if (c !== null) clickCell(c);
    }
  });
  $('players').addEventListener('click', (e) => {
    const b = e.target.closest('button.hand-piece');
    if (b) clickHand(Number(b.dataset.player), Number(b.dataset.kind));
  });
  $('choice-list').addEventListener('click', (e) => {
    const b = e.target.closest('button.choice');
    if (!b) return;
    $('choice').close();
    play(b.dataset.move);
  });
  $('takeback').addEventListener('click', takeBack);
  $('restart').addEventListener('click', async () => {
    S.moves = [];
    const r = await api('POST', '/api/position', gameRequest());
    if (!r.ok) return;
    if (K.tc) resetClocks(); // a new game: new clocks, even at the start already
    setPosition(r.body);
  });
  $('flip').addEventListener('click', () => {
    S.flipped = !S.flipped;
    drawBoard();
    drawDiagram();
  });
  $('piece-style').value = pieceStyle();
  $('piece-style').addEventListener('change', (e) => {
    setPieceStyle(e.target.value);
    render();
    drawPieces();
    drawDiagram();
  });
  $('zone-select').addEventListener('change', (e) => {
    S.zone = e.target.value;
    drawBoard();
  });
  $('set-fen').addEventListener('click', setFen);
  $('fen').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') setFen();
  });
  $('piece-list').addEventListener('click', (e) => {
    const b = e.target.closest('button.piece-entry');
    if (!b) return;
    S.diagram = { piece: Number(b.dataset.kind), cell: null, player: 0 };
    drawDiagram();
  });
  $('diagram').addEventListener('click', (e) => {
    const c = cellAt($('diagram'), e, 60);
    if (c === null || !S.diagram) return;
    S.diagram.cell = cellName(c);
    drawDiagram();
  });
  $('diagram-player').addEventListener('change', (e) => {
    if (!S.diagram) return;
    S.diagram.player = Number(e.target.value);
    drawDiagram();
  });
  $('engine-move').addEventListener('click', engineMove);
  $('engine-side').addEventListener('change', maybeEngine);
}

// The board cell under a click, from its position in the SVG.
function cellAt(svg, e, cellSize) {
  if (!S.rules) return null;
  const pt = svg.createSVGPoint();
  pt.x = e.clientX;
  pt.y = e.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const { files: F, ranks: R, holes } = S.rules.board;
  const col = Math.floor((p.x - margin(cellSize)) / cellSize);
  const row = Math.floor(p.y / cellSize);
  if (col < 0 || row < 0 || col >= F || row >= R) return null;
  const f = S.flipped ? F - 1 - col : col;
  const r = S.flipped ? row : R - 1 - row;
  const c = f + r * F;
  return holes.includes(c) ? null : c;
}

async function setFen() {
  const fen = $('fen').value.trim();
  const r = await api('POST', '/api/setup', { file: S.file, variant: S.variant, fen, moves: [] });
  if (!r.ok) {
    notice(r.body.error, 'error');
    return;
  }
  notice('');
  S.startFen = fen;
  setPosition(r.body);
}

// Offers no engine time the server would cut short, and says when the server is shared.
function limitEngineTimes() {
  const max = S.info && S.info.engine_limits ? S.info.engine_limits.max_movetime : null;
  const select = $('engine-time');
  if (max) {
    for (const o of [...select.options]) if (Number(o.value) > max) o.remove();
    if (!select.options.length) select.add(new Option(`${max / 1000} s`, String(max)));
    if (!select.value) select.value = select.options[select.options.length - 1].value;
  }
  $('shared-mode').hidden = !(S.info && S.info.shared);
}

async function start() {
  wire();
  const info = await api('GET', '/api/info');
  S.info = info.ok ? info.body : null;
  $('engine-controls').hidden = !engineEnabled();
  limitEngineTimes();
  await loadDefinitions();
  const a = readAddress();
  const first = S.definitions.find((d) => d.file === a.file) || S.definitions[0];
  if (first) {
    S.file = first.file;
    S.variant = a.file === first.file ? a.variant : (first.variants[0] || null);
    S.startFen = a.file === first.file ? a.fen : null;
    S.moves = a.file === first.file ? a.moves : [];
    await loadDefinitions();
    await loadRules(false);
  }
  poll();
}

start();
