// varia playground: moves in legs (Chu Shogi's Lion, the Lion Dog, Mighty-Lion chess), chosen
// cell by cell, and the path of the last move drawn. A move's path is the cells its legs reach
// (`via`, from the server) and then its destination; a move in legs that comes back to its start
// (a capture without moving, a pass) ends on the cell it came from.

// The cells a move passes through to its end.
function movePath(m) {
  return [...(m.via || []), m.to];
}

// The cells of the path chosen so far (none before the first leg).
function chosenPath() {
  return (S.selected && S.selected.path) || [];
}

// The moves of the selected piece (or hand) that go on from the cells chosen so far, by the cell
// a click picks next: the next cell of their path, or the last cell chosen again for a move that
// ends there. In a move's second part (a wall's cell), the moves to the destination chosen, by
// the wall's cell.
function targets() {
  const out = new Map();
  if (!S.selected || !S.pos) return out;
  const second = S.selected.to !== undefined;
  const chosen = chosenPath();
  for (const m of S.pos.legal) {
    const mine = S.selected.hand !== undefined
      ? m.hand === S.selected.hand
      : m.from === S.selected.from;
    if (!mine || (second && m.to !== S.selected.to)) continue;
    let key = m.wall;
    if (!second) {
      const path = movePath(m);
      if (path.length < chosen.length || chosen.some((c, i) => path[i] !== c)) continue;
      key = path.length === chosen.length ? chosen[chosen.length - 1] : path[chosen.length];
    }
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(m);
  }
  return out;
}

// A click on `c`, one of the targets, with the moves it picks: where some of them go on past `c`
// (a leg ends there), `c` joins the path chosen and the next click picks the move's next cell
// (`c` again for a move that ends on it). Tells whether it did.
function chooseLeg(c, moves) {
  const chosen = chosenPath();
  const further = moves.filter((m) => movePath(m).length > chosen.length + 1);
  if (!further.length || S.selected.to !== undefined) return false;
  S.selected = { ...S.selected, path: [...chosen, c] };
  const ends = new Set(further.map((m) => movePath(m)[chosen.length + 1]));
  const stop = moves.length > further.length ? `, or ${cellName(c)} again to stop there` : '';
  notice(`${cellName(c)}: a leg; now click where the move goes on (${ends.size} cells${stop})`);
  drawBoard();
  return true;
}

// Whether a cell is the selected piece's, its destination or on its path chosen so far.
function isChosen(c) {
  return Boolean(S.selected)
    && (S.selected.from === c || S.selected.to === c || chosenPath().includes(c));
}

// The path of the last move, where it moved in legs: a line from its start through each leg's
// cell to its end, with a dot on each turn.
function legPathSvg(last, cell) {
  if (!last || !last.via || !last.via.length || last.from === null) return '';
  const points = [last.from, ...last.via, last.to].map((c) => centre(c, cell));
  const line = points.map(([x, y]) => `${x},${y}`).join(' ');
  const dots = points.slice(1, -1)
    .map(([x, y]) => `<circle class="leg-turn" cx="${x}" cy="${y}" r="${cell * 0.08}"/>`).join('');
  return `<g class="leg-path"><polyline points="${line}"/>${dots}</g>`;
}
