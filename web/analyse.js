// varia playground: the analysis panel. "Analyse" asks the server's search for the best lines of
// the position shown (POST /api/analyse, multi-PV), also while the game's moves are browsed, and
// shows an evaluation bar (the first line's score from the first player's view), each line's
// depth, score and moves in SAN, and an arrow on the board for each line's first move, the best
// thicker. Once on, the panel follows the position shown; a new analysis replaces the old. Loaded
// before app.js, whose state and calls it uses once the page is ready.
'use strict';

// The analysis shown: the position's key, and the server's answer (null while none).
const A = { on: false, key: null, answer: null, asked: 0 };

// The game and the position shown in it, as one string: an answer for another one is dropped.
function shownKey() {
  const moves = S.view === null ? S.moves : S.moves.slice(0, S.view);
  return JSON.stringify([S.file, S.variant, S.startFen, moves]);
}

// Analyses the position shown; the panel keeps following it.
async function analyse() {
  if (!S.pos || S.broken) return;
  A.on = true;
  $('analysis').hidden = false;
  const key = shownKey();
  A.key = key;
  A.answer = null;
  const asked = ++A.asked;
  if (S.pos.over) {
    drawAnalysis('the game is over: nothing to analyse');
    return;
  }
  drawAnalysis('analysing');
  const moves = S.view === null ? S.moves : S.moves.slice(0, S.view);
  const r = await api('POST', '/api/analyse', gameRequest({
    moves, movetime: Number($('engine-time').value), lines: Number($('analyse-lines').value),
  }));
  if (asked !== A.asked || key !== shownKey()) return;
  if (!r.ok) {
    drawAnalysis(r.body.error || 'no analysis');
    return;
  }
  A.answer = r.body;
  drawAnalysis('');
  drawBoard();
}

// After each render: a panel that is on analyses the new position shown.
function analysisFollows() {
  if (A.on && A.key !== shownKey()) analyse();
}

// A score as a share of the bar for the first player: a mate fills it, centipawns up to 8 pawns.
function barShare(score, toMove) {
  const sign = toMove === 0 ? 1 : -1;
  const v = score.mate !== undefined ? Math.sign(score.mate) * 800 : score.cp;
  return 50 + Math.max(-800, Math.min(800, sign * v)) / 16;
}

function drawAnalysis(message) {
  const a = A.answer;
  $('analysis-status').textContent = message;
  const first = a && a.lines[0];
  const share = first ? barShare(first.score, a.to_move) : 50;
  $('eval-fill').style.width = `${share}%`;
  $('eval-bar').title = first ? `${scoreText(first.score)} for the player to move` : '';
  $('eval-bar').dataset.share = String(share);
  $('analysis-lines').innerHTML = !a ? '' : a.lines.map((l) => `<li class="analysis-line" `
    + `data-move="${esc(l.moves[0] || '')}"><span class="depth">d${l.depth}</span> `
    + `<span class="score">${esc(scoreText(l.score))}</span> `
    + `<span class="san" title="${esc(l.moves.join(' '))}">${esc(l.san.join(' '))}</span></li>`).join('');
}

// The arrows of the analysis for the position shown: each line's first move, the best thicker
// (a drop: a ring on its cell).
function analysisArrowsSvg(cell) {
  const a = A.answer;
  if (!a || A.key !== shownKey() || !S.pos) return '';
  let s = '';
  a.lines.forEach((l, k) => {
    const m = S.pos.legal.find((x) => x.move === l.moves[0]);
    if (!m) return;
    const [x2, y2] = centre(m.to, cell);
    const width = cell * (k === 0 ? 0.16 : 0.08);
    const cls = `analysis-arrow${k === 0 ? ' best' : ''}`;
    if (m.from === null || m.from === m.to) {
      s += `<circle class="${cls}" cx="${x2}" cy="${y2}" r="${cell * 0.3}" stroke-width="${width}"/>`;
      return;
    }
    const [x1, y1] = centre(m.from, cell);
    // The shaft stops where the head begins; the head's tip is on the cell's centre.
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const head = Math.min(cell * 0.4, len / 2);
    const [bx, by] = [x2 - ux * head, y2 - uy * head];
    const [px, py] = [-uy * head * 0.6, ux * head * 0.6];
    s += `<g class="${cls}"><line x1="${x1}" y1="${y1}" x2="${bx}" y2="${by}" stroke-width="${width}"/>`
      + `<polygon points="${x2},${y2} ${bx + px},${by + py} ${bx - px},${by - py}"/></g>`;
  });
  return `<g class="analysis-arrows">${s}</g>`;
}

// (app.js, which defines `$`, runs after this file.)
document.getElementById('analyse').addEventListener('click', analyse);
document.getElementById('analyse-close').addEventListener('click', () => {
  A.on = false;
  A.key = null;
  A.answer = null;
  A.asked += 1;
  $('analysis').hidden = true;
  drawBoard();
});
