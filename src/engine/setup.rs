//! Whether a position read from a FEN can be played from: what the FEN reader cannot see, as it
//! reads one field at a time. A position set up by hand (the playground's board editor) is
//! checked here before a game starts from it.

use super::bits::Bits;
use super::core::Engine;
use super::fen::SetupError;
use super::position::Pos;
use super::{Game, Inner, PosInner, Position};
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Whether a player holds a royal piece, on the board or in hand.
    fn holds_royal(&self, pos: &Pos<B>, player: PlayerId) -> bool {
        let hand = &pos.hands[player.index() * pos.kinds..(player.index() + 1) * pos.kinds];
        (pos.royals & pos.by_owner[player.index()]).any()
            || self
                .rules
                .pieces
                .iter()
                .enumerate()
                .any(|(k, p)| p.royal && hand[usize::from(self.t.hand_slot[k])] > 0)
    }

    fn check_setup(&self, pos: &Pos<B>) -> Result<(), SetupError> {
        let name = |p: PlayerId| self.rules.players[p.index()].name.clone();
        for p in (0..self.t.players as u8).map(PlayerId) {
            let out = pos.st.eliminated & (1 << p.0) != 0;
            if !out && self.holds_royal(&self.start, p) && !self.holds_royal(pos, p) {
                let types: Vec<&str> = self
                    .rules
                    .pieces
                    .iter()
                    .filter(|t| t.royal)
                    .map(|t| t.name.as_str())
                    .collect();
                return Err(SetupError::NoRoyal {
                    player: name(p),
                    types: types.join(", "),
                });
            }
        }
        let last = self.previous_player(pos.st.eliminated, pos.st.side);
        if last != pos.st.side && self.checked(pos, last) {
            return Err(SetupError::CheckNotToMove {
                player: name(last),
                to_move: name(pos.st.side),
            });
        }
        Ok(())
    }
}

impl Game {
    /// Checks that a position can be played from, beyond what reading its FEN checks: each
    /// player that starts the game with a royal piece still has one (on the board or in hand,
    /// players out left aside), and the player who moved last (the one before the player to
    /// move) is not in check.
    ///
    /// ```
    /// let src = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
    /// let game = varia::load_str(&src, None).unwrap();
    /// let ok = game.parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert!(game.check_setup(&ok).is_ok());
    /// let kingless = game.parse_fen("8/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(
    ///     game.check_setup(&kingless).unwrap_err().to_string(),
    ///     "black has no royal piece (King), which this game needs"
    /// );
    /// ```
    pub fn check_setup(&self, pos: &Position) -> Result<(), SetupError> {
        match (&self.inner, &pos.0) {
            (Inner::Narrow(e), PosInner::Narrow(p)) => e.check_setup(p),
            (Inner::Medium(e), PosInner::Medium(p)) => e.check_setup(p),
            (Inner::Wide(e), PosInner::Wide(p)) => e.check_setup(p),
            (Inner::Many(e), PosInner::Many(p)) => e.check_setup(p),
            _ => Ok(()),
        }
    }
}
