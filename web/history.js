// varia playground: browsing the game's moves (first, back, forward, last, a click on a move, the
// arrow keys), the game as PGN (shown, downloaded, pasted or opened and loaded) and as one HTML
// file that replays it (`Export`). A move made while an earlier position is shown replaces the
// moves after it. Loaded before app.js, whose state and calls it uses once the page is read.
'use strict';

// Shows the position after the first `k` plies of the game (all of them: the game itself).
async function showPly(k) {
  if (!S.full || S.busy) return;
  const n = S.full.moves.length;
  if (k >= n) {
    S.view = null;
    S.pos = S.full;
  } else {
    const at = Math.max(0, k);
    const r = await api('POST', '/api/position', gameRequest({ moves: S.moves.slice(0, at) }));
    if (!r.ok) {
      notice(r.body.error, 'error');
      return;
    }
    S.view = at;
    S.pos = r.body;
  }
  S.selected = null;
  render();
  const current = document.querySelector('#move-list li.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
  if (S.view === null) maybeEngine();
}

// Before a move is made on the position shown: the moves after it are dropped.
function leaveHistory() {
  if (S.view === null) return;
  S.moves = S.moves.slice(0, S.view);
  S.view = null;
}

function drawNav() {
  const n = S.full ? S.full.moves.length : 0;
  const at = S.view === null ? n : S.view;
  $('nav-first').disabled = at === 0;
  $('nav-back').disabled = at === 0;
  $('nav-forward').disabled = at >= n;
  $('nav-last').disabled = at >= n;
}

const shownPly = () => (S.view === null ? S.full.moves.length : S.view);

// ---- PGN ---------------------------------------------------------------------------------------

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];

// The result as PGN writes it: a winner of two players, a draw, or `*` (ongoing, or more than
// two players, which PGN cannot say).
function pgnResult(pos) {
  if (!pos.over) return '*';
  if (pos.winner === null) return '1/2-1/2';
  if (S.rules.players.length !== 2) return '*';
  return pos.winner === 0 ? '1-0' : '0-1';
}

// The whole game as PGN: the seven tags, the variant, the start position when it is not the
// setup, with clocks the TimeControl (and Termination) tags, the moves in SAN numbered by rounds of
// the players (`1... e5` when the second of two players moves first) each with its mover's clock
// (`{[%clk 0:02:55]}`, clock.js), how it ended as a comment, the result.
async function pgnText() {
  const full = S.full;
  const start = await api('POST', '/api/position', gameRequest({ moves: [] }));
  const first = start.ok ? start.body.to_move : 0;
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const result = pgnResult(full);
  const quote = (s) => String(s).replace(/[\\"]/g, (c) => `\\${c}`);
  const tags = [
    ['Event', 'varia playground'], ['Site', S.file], ['Date', date], ['Round', '-'],
    ['White', '?'], ['Black', '?'], ['Result', result],
    ['Variant', `${S.rules.title} (${S.rules.variant})`],
  ];
  if (S.startFen) tags.push(['SetUp', '1'], ['FEN', full.start_fen]);
  tags.push(...clockTags());
  const players = S.rules.players.length;
  const words = [];
  full.san.forEach((san, i) => {
    const ply = i + (players === 2 ? first : 0);
    if (ply % players === 0) words.push(`${ply / players + 1}.`);
    else if (i === 0) words.push(`1...`);
    words.push(san);
    const clock = clockComment(i);
    if (clock) words.push(clock);
  });
  if (full.over) words.push(`{${full.description}}`);
  words.push(result);
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return `${tags.map(([k, v]) => `[${k} "${quote(v)}"]`).join('\n')}\n\n${lines.join('\n')}\n`;
}

// The moves and start FEN of a PGN's first game: tags, comments, variations, move numbers, NAGs,
// annotations and the result left out.
function pgnMoves(text) {
  const fen = (text.match(/\[FEN\s+"((?:[^"\\]|\\.)*)"\]/) || [])[1] || null;
  let body = text.replace(/^\s*\[.*\]\s*$/gm, ' ').replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  for (let before = null; before !== body;) {
    before = body;
    body = body.replace(/\([^()]*\)/g, ' ');
  }
  const moves = [];
  for (const raw of body.split(/\s+/)) {
    const t = raw.replace(/^\d+\.+/, '').replace(/[!?]+$/, '');
    if (!t || /^\$\d+$/.test(t)) continue;
    if (RESULTS.includes(t)) break;
    moves.push(t);
  }
  return { fen: fen && fen.replace(/\\(.)/g, '$1'), moves };
}

async function openPgn() {
  $('pgn-error').textContent = '';
  $('pgn-text').value = await pgnText();
  $('pgn-download').href = `data:application/x-chess-pgn;charset=utf-8,${encodeURIComponent($('pgn-text').value)}`;
  $('pgn-dialog').showModal();
}

// Plays the PGN in the text box in the current variant; on a bad FEN or move the game stays as
// it was and the box says which.
async function loadPgn() {
  const { fen, moves } = pgnMoves($('pgn-text').value);
  const r = await api('POST', '/api/position', { file: S.file, variant: S.variant, fen, moves });
  if (!r.ok) {
    const which = r.body.index !== undefined ? `move ${r.body.index + 1} \`${moves[r.body.index]}\`: ` : '';
    $('pgn-error').textContent = `${which}${r.body.error}`;
    return;
  }
  S.startFen = fen;
  $('pgn-dialog').close();
  notice('');
  setPosition(r.body);
}

// ---- the game as one HTML file -------------------------------------------------------------------

// Asks the server for the game as one HTML file that replays it with no server (POST
// /api/export), and saves it.
async function exportGame() {
  let res;
  try {
    res = await fetch('/api/export', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(gameRequest()),
    });
  } catch (e) {
    notice('the server does not answer', 'error');
    return;
  }
  if (!res.ok) {
    const body = await res.json().catch(() => ({ error: `no export (${res.status})` }));
    notice(body.error, 'error');
    return;
  }
  const a = $('export-link');
  if (a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(await res.blob());
  a.download = `${S.rules.game}-${S.rules.variant}.html`.replace(/[^\w.-]+/g, '-');
  a.click();
}

function wireHistory() {
  $('nav-first').addEventListener('click', () => showPly(0));
  $('nav-back').addEventListener('click', () => showPly(shownPly() - 1));
  $('nav-forward').addEventListener('click', () => showPly(shownPly() + 1));
  $('nav-last').addEventListener('click', () => showPly(Infinity));
  $('move-list').addEventListener('click', (e) => {
    const li = e.target.closest('li[data-ply]');
    if (li) showPly(Number(li.dataset.ply));
  });
  document.addEventListener('keydown', (e) => {
    if (!S.full || e.target.closest('input, textarea, select, dialog')) return;
    const to = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: Infinity }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    showPly(to);
  });
  $('pgn-open').addEventListener('click', openPgn);
  $('export').addEventListener('click', exportGame);
  $('pgn-load').addEventListener('click', loadPgn);
  $('pgn-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) $('pgn-text').value = await f.text();
  });
}

document.addEventListener('DOMContentLoaded', wireHistory);
