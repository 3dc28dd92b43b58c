// varia playground: clocks with increment, for a game of two players (against the engine, or two
// people at one screen). A time control (none, or BASE+INC: BASE minutes, INC seconds added after
// each move) gives each player a clock. The side to move's clock runs while the game is on, its
// last position is shown and the board editor is closed. /api/engine takes only a movetime, so
// the engine is asked for a share of its clock. A flag fall ends the game, won by the other
// player. Each timed move keeps the mover's clock after it: taking back, restarting or playing on
// from an earlier position sets the clocks back to what they were there, and the PGN carries
// them. Loaded before app.js, whose state and calls it uses once the page is ready.
'use strict';

// The clocks: the control ({base, inc} in ms, or null), the game timed (its start as a key, and
// its moves when last seen), by ply the mover and its clock after each timed move (a hole for a
// move not timed: loaded, or played before the control was chosen), the player to move, the time
// spent on the current move before the last pause, whether the clock runs and since when, the
// player whose flag fell (or null), and the engine's last ask ({left, movetime} in ms).
const K = {
  tc: null, key: null, moves: [], stamps: [], toMove: 0, used: 0, running: false, since: 0,
  flag: null, asked: null,
};

// The engine thinks for its clock over this, plus the increment...
const CLOCK_SHARE = 30;
// ...and leaves this much on its clock for the way to the server and back.
const CLOCK_MARGIN_MS = 100;

const CONTROL_HELP = 'write BASE+INC: BASE minutes (1 s to 600 min), INC seconds added after each move (at most 600)';

// Reads a control written BASE+INC (`5` is 5+0), or gets null.
function parseControl(text) {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*(?:\+\s*(\d+(?:\.\d*)?|\.\d+))?\s*$/.exec(text);
  if (!m) return null;
  const base = Math.round(Number(m[1]) * 60000);
  const inc = Math.round(Number(m[2] || 0) * 1000);
  if (base < 1000 || base > 600 * 60000 || inc > 600000) return null;
  return { base, inc };
}

const clocksOn = () => Boolean(K.tc && S.rules && S.rules.players.length === 2 && S.full);
const gameKey = () => JSON.stringify([S.file, S.variant, S.startFen]);
const flagFallen = () => clocksOn() && K.flag !== null;

// A player's clock when the current move began: after their last timed move, else the base.
function clockAt(player) {
  for (let i = K.stamps.length - 1; i >= 0; i--) {
    const s = K.stamps[i];
    if (s && s.player === player) return s.left;
  }
  return K.tc.base;
}

const spent = () => K.used + (K.running ? performance.now() - K.since : 0);

function clockLeft(player) {
  return Math.max(0, clockAt(player) - (player === K.toMove ? spent() : 0));
}

// Starts the clocks afresh on the game as it stands (its moves so far not timed).
function resetClocks() {
  K.key = gameKey();
  K.stamps = [];
  K.moves = S.full ? S.full.moves.slice() : [];
  K.toMove = S.full ? S.full.to_move : 0;
  K.used = 0;
  K.running = false;
  K.flag = null;
}

// Takes each new position of the game (setPosition): one move added to the game as it was is
// timed (the time spent taken off the mover's clock, the increment added); moves taken back drop
// their clocks; another start (a new game, FEN or variant) resets the clocks.
function clockPosition(pos) {
  if (!K.tc) return;
  const fresh = gameKey() !== K.key;
  if (fresh) resetClocks();
  let c = 0;
  while (c < K.moves.length && c < pos.moves.length && K.moves[c] === pos.moves[c]) c++;
  if (!fresh && c === K.moves.length && c === pos.moves.length) {
    // The same game answered again (the definition reloaded): a flag that fell stays fallen.
    if (K.flag !== null) flagPosition(pos);
    return;
  }
  const timed = !fresh && K.flag === null && c === K.moves.length && pos.moves.length === c + 1;
  const left = timed ? clockAt(K.toMove) - spent() + K.tc.inc : 0;
  K.stamps.length = Math.min(K.stamps.length, c);
  if (timed) K.stamps[c] = { player: K.toMove, left };
  K.moves = pos.moves.slice();
  K.toMove = pos.to_move;
  K.used = 0;
  K.running = false;
  K.flag = null;
}

// Ends the game on the page: the flag's player loses, no move is legal. What the server said is
// kept, to be put back if the control changes.
function flagPosition(pos) {
  if (pos.unflagged) return;
  pos.unflagged = {
    over: pos.over, winner: pos.winner, status: pos.status, description: pos.description, legal: pos.legal,
  };
  const name = S.rules.players[K.flag].name;
  Object.assign(pos, {
    over: true,
    winner: 1 - K.flag,
    status: 'time forfeit',
    description: `${name.charAt(0).toUpperCase()}${name.slice(1)} loses on time`,
    legal: [],
  });
}

function unflagPosition(pos) {
  if (!pos || !pos.unflagged) return;
  Object.assign(pos, pos.unflagged);
  delete pos.unflagged;
}

function flagFall() {
  K.flag = K.toMove;
  K.used = clockAt(K.flag);
  K.running = false;
  flagPosition(S.full);
  S.selected = null;
  render();
}

// Runs or pauses the clock of the player to move, as the page stands; a clock that reaches zero
// is a flag fall. Called by render() and ten times a second.
function clockTick() {
  const two = Boolean(S.rules && S.rules.players.length === 2);
  $('clock-control').disabled = Boolean(S.rules) && !two;
  const on = clocksOn();
  $('clocks').hidden = !on;
  if (!on) return;
  const run = K.flag === null && !S.full.over && S.view === null && !E.on && !S.broken;
  const now = performance.now();
  if (run && !K.running) {
    K.running = true;
    K.since = now;
  } else if (!run && K.running) {
    K.used += now - K.since;
    K.running = false;
  }
  if (K.running && clockLeft(K.toMove) <= 0) {
    flagFall();
    return;
  }
  drawClocks();
}

// mm:ss, with tenths under 10 s, and the hours before it from an hour on.
function clockText(ms) {
  const t = Math.max(0, Math.floor(ms));
  const pad = (n) => String(n).padStart(2, '0');
  if (t < 10000) return `00:0${Math.floor(t / 1000)}.${Math.floor(t / 100) % 10}`;
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const mmss = `${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
  return h ? `${h}:${mmss}` : mmss;
}

function drawClocks() {
  $('clocks').innerHTML = S.rules.players.map((pl, i) => {
    const k = ['clock'];
    if (i === K.toMove && K.running) k.push('running');
    if (i === K.flag) k.push('flagged');
    return `<div class="${k.join(' ')}" data-player="${i}"><span class="swatch" style="background:${colours(i)[0]}">`
      + `</span><span class="name">${esc(pl.name)}</span><span class="time">${clockText(clockLeft(i))}</span></div>`;
  }).join('');
}

// How long the engine may think on its move: its clock over CLOCK_SHARE plus the increment, never
// more than its clock less CLOCK_MARGIN_MS nor the server's most; null without clocks (`thinks`
// then says).
function clockMovetime() {
  if (!clocksOn() || K.flag !== null) return null;
  const left = clockLeft(S.pos.to_move);
  const most = S.info && S.info.engine_limits ? S.info.engine_limits.max_movetime : Infinity;
  const movetime = Math.max(1, Math.floor(Math.min(left / CLOCK_SHARE + K.tc.inc, left - CLOCK_MARGIN_MS, most)));
  K.asked = { left, movetime };
  return movetime;
}

// ---- PGN -----------------------------------------------------------------------------------------

// The TimeControl tag (seconds: `180+2`), and Termination after a flag fall.
function clockTags() {
  if (!clocksOn()) return [];
  const tags = [['TimeControl', `${K.tc.base / 1000}+${K.tc.inc / 1000}`]];
  if (K.flag !== null) tags.push(['Termination', 'time forfeit']);
  return tags;
}

// The mover's clock after a ply, as a PGN comment (`{[%clk 0:02:55]}`), or null when not timed.
function clockComment(ply) {
  const s = clocksOn() ? K.stamps[ply] : null;
  if (!s) return null;
  const t = Math.floor(Math.max(0, s.left) / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  return `{[%clk ${Math.floor(t / 3600)}:${pad(Math.floor(t / 60) % 60)}:${pad(t % 60)}]}`;
}

// ---- the control ---------------------------------------------------------------------------------

function setControl(tc) {
  const flagged = S.full && S.full.unflagged;
  unflagPosition(S.full);
  K.tc = tc;
  resetClocks();
  if (flagged) render();
  clockTick();
  if (flagged) maybeEngine();
}

function chooseControl() {
  const v = $('clock-control').value;
  $('clock-custom').hidden = v !== 'custom';
  const text = v === 'custom' ? $('clock-custom').value.trim() : v;
  if (v === 'custom' && !text) {
    setControl(null);
    $('clock-custom').focus();
    return;
  }
  const tc = text ? parseControl(text) : null;
  if (text && !tc) notice(`time control \`${text}\`: ${CONTROL_HELP}`, 'error');
  else if (v === 'custom') notice('');
  // The custom field answers both Enter and leaving it: the same control again changes nothing.
  if (tc && K.tc && tc.base === K.tc.base && tc.inc === K.tc.inc) return;
  setControl(tc);
}

function wireClock() {
  $('clock-control').addEventListener('change', chooseControl);
  $('clock-custom').addEventListener('change', chooseControl);
  $('clock-custom').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') chooseControl();
  });
  setInterval(clockTick, 100);
}

document.addEventListener('DOMContentLoaded', wireClock);
