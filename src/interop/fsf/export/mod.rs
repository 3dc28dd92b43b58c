//! A rule set as a Fairy-Stockfish variants.ini section, exactly equivalent or refused.
//!
//! Every field of the rule set is taken apart by an exhaustive pattern (no `..`), so a field added
//! to the rule set later does not compile here until the exporter decides how to say it or to
//! refuse it; so is every piece type ([`pieces`]), and every entry of the mechanics lists is
//! matched by its kind ([`mechanics`]). Every piece becomes one of FSF's custom pieces, written in
//! the Betza words FSF reads (checked against FSF's own reading, [`crate::betza::fsf`]); the chess
//! pawn, whose double step, en passant and promotion FSF ties to its built-in `pawn`, and the
//! shogi pawn (drop mate) are built-in types, and so is a type whose moves no custom word says
//! but a built-in piece's moves equal ([`builtin`]: the xiangqi soldier).
//!
//! The section is written in one order, part by part: the board and the pieces, promotions,
//! drops, castling, then the endings and the rules on moves.

mod board;
mod builtin;
mod castling;
mod counting;
mod drops;
mod endings;
mod in_place;
mod ini;
mod mechanics;
mod moves;
mod pieces;
mod promotions;
mod refusal;
mod stones;

use crate::rules::RuleSet;
pub(crate) use counting::fsf_counting;
use mechanics::{Said, Say};
pub(crate) use promotions::stuck_rule;
pub use refusal::Refusal;
use refusal::{Result, refuse};

/// Writes the variants.ini section of a rule set (beginning with `[variant]`), or refuses.
pub fn export(rules: &RuleSet) -> Result<String> {
    export_as(rules, false)
}

/// Writes the keys of one of FSF's built-in variants from its shipped definition, for the import
/// of a section whose parent it is: as [`export`], but saying also what FSF's built-in variants
/// have and its variants.ini cannot set (`freeDrops`, which only its built-in Ataxx has).
pub(crate) fn export_builtin(rules: &RuleSet) -> Result<String> {
    export_as(rules, true)
}

fn export_as(rules: &RuleSet, builtin: bool) -> Result<String> {
    let RuleSet {
        format: _,
        game: _,
        variant,
        title: _,
        xboard_variant: _, // XBoard's name for the game, no rule of it
        board,
        players,
        zones,
        pieces: _, // read part by part, each type taken apart in `pieces`
        setup,
        captures_to_hand,
        hands,
        captures_to_partner,
        hand_order: _,
        promoted_keep_type_in_hand,
        castling,
        castling_chess960,
        shuffle,
        interchangeable,
        swapped_to_hand,
        separated,
        checkmate,
        stalemate,
        royalty,
        moves: move_rules,
        drops: drop_rules,
        effects,
        filters,
        endings: ending_rules,
        verdicts,
    } = rules;
    // A rule set from outside may not have been checked: nothing below indexes it unchecked.
    if let Err(e) = rules.validate() {
        return refuse(
            format!("not a valid rule set: {e}"),
            rules.entry_path("game"),
        );
    }
    board::check(rules, board, players, zones, separated, interchangeable)?;
    let said = Said::of(
        move_rules,
        drop_rules,
        effects,
        filters,
        ending_rules,
        verdicts,
    );
    said.refuse_unsaid(false)?;
    board::swaps_and_royalty(rules, *swapped_to_hand, royalty)?;
    let mut types = pieces::Types::of(rules, setup, *captures_to_hand)?;
    let counting_at = said.all(|s| (s == Say::Counting).then_some(()));
    let counting_rule = match counting_at.first() {
        Some((at, ())) => counting::rule(rules, &mut types, at)?,
        None => None,
    };

    let mut ini = ini::Ini::new(variant);
    ini.kv("maxFile", board.files);
    ini.kv("maxRank", board.ranks);
    pieces::write(&mut ini, rules, &types)?;
    ini.kv("startFen", setup);
    let immobility = said.has(Say::ImmobilityIllegal);
    let region = promotions::write(&mut ini, rules, &types, immobility)?;
    let hands = drops::Hands {
        free: stones::free_drops(rules, &types, &said, builtin)?,
        captures_to_hand: *captures_to_hand,
        hands: *hands,
        captures_to_partner: *captures_to_partner,
        promoted_keep_type_in_hand: *promoted_keep_type_in_hand,
    };
    drops::write(&mut ini, rules, &types, region.as_ref(), &hands)?;
    castling::write(
        &mut ini,
        rules,
        &types,
        castling,
        *castling_chess960,
        shuffle.as_ref(),
    )?;
    endings::write(&mut ini, rules, &types, &said, checkmate, stalemate)?;
    if let Some(name) = counting_rule {
        ini.kv("countingRule", name);
    }
    let ini = ini.text();
    if !ini::well_formed(&ini) {
        return refuse(
            "a name or value that would break the variants.ini section",
            rules.entry_path("game"),
        );
    }
    Ok(ini)
}
