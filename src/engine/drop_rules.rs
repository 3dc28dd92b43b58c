//! Where drops may land by where they are (see [`crate::rules::DropRule`]): the plan's drop
//! shapes, enclosing first.

use super::bits::{Bits, set_of};
use super::core::Engine;
use super::plan::DropShape;
use super::position::Pos;

impl<B: Bits> Engine<B> {
    /// The empty cells where drops may land by the plan's drop shapes.
    #[cold]
    #[inline(never)]
    pub(crate) fn drop_shape_cells(&self, pos: &Pos<B>, empty: B) -> B {
        let side = pos.st.side;
        let mine = pos.by_owner[side.index()];
        let mut cells = !B::EMPTY;
        for shape in &self.plan.drop_shapes {
            match shape {
                DropShape::Enclose { start } => {
                    // The cells that enclose, or the start zone's while one is empty.
                    let start = start.as_ref().map_or(B::EMPTY, |z| z[side.index()] & empty);
                    cells = if start.any() {
                        start
                    } else {
                        set_of(empty.cells().filter(|&c| self.enclosed(pos, c, side).any()))
                    };
                }
                DropShape::TouchOwn { near } => {
                    cells &= set_of(empty.cells().filter(|&c| (near[c] & mine).any()));
                }
                DropShape::AvoidEnemy { near } => {
                    let enemy = pos.occ & !mine & !pos.walls;
                    cells &= set_of(empty.cells().filter(|&c| (near[c] & enemy).none()));
                }
                DropShape::Fall { files } => {
                    // The lowest empty cell of each file that has one.
                    let mut lowest = B::EMPTY;
                    for &file in files {
                        let free = file & empty;
                        if free.any() {
                            lowest |= B::cell(free.lowest());
                        }
                    }
                    cells &= lowest;
                }
            }
        }
        cells
    }
}
