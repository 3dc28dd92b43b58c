//! Resolves a variant's draft into its rule set, pass by pass: the ground (board, players,
//! zones), the pieces, castling and the set-up, the mechanics lists and the endings.

use super::diagnostic::Diagnostic;
use super::draft::Draft;
use super::names::Names;
use super::source_map::{self, SourceMap};
use super::{board, endings, mechanics, pieces, setup};
use crate::rules::{FORMAT, Outcome, Royalty, RuleSet};
use crate::syntax::words::{Meaning, TypesMeaning};
use crate::syntax::{Flag, Name, Span, TypesPhrase};

/// The rule set of a draft and the places of its parts; `None` after an error that leaves
/// nothing to build (the errors say what).
pub(super) fn resolve(
    d: &Draft,
    variant: String,
    map: SourceMap,
    errors: &mut Vec<Diagnostic>,
) -> Option<(RuleSet, SourceMap)> {
    let mut cx = Names::new(errors, map);
    let cx = &mut cx;
    let ground = board::lower(d, cx)?;
    let (pieces, spared) = pieces::lower(d, cx)?;
    let interchangeable = pieces::interchangeable(d, &pieces, cx);
    let castling = setup::castling(d, ground.board.files, cx);
    let shuffle = setup::shuffle(d, &ground, cx);
    let Some(setup) = d.setup.clone() else {
        cx.err(
            d.game
                .as_ref()
                .map_or(Span { start: 0, end: 0 }, |g| g.span),
            "the game has no `setup FEN`",
        );
        return None;
    };
    let hand_order = pieces::hand_order(d, cx);
    let outcome = |o: &Option<crate::syntax::Spanned<Outcome>>, default| {
        o.as_ref().map_or(default, |s| s.node)
    };
    let two_players = ground.players.len() == 2;
    let mut rules = RuleSet {
        format: FORMAT,
        game: d
            .game
            .as_ref()
            .map(|g| g.node.clone())
            .unwrap_or_else(|| "main".into()),
        variant,
        title: d.title.clone(),
        xboard_variant: d.xboard_variant.as_ref().map(|n| n.node.clone()),
        board: ground.board,
        players: ground.players,
        zones: ground.zones,
        pieces,
        setup: setup.node.clone(),
        captures_to_hand: d.has(Flag::CapturesToHand),
        hands: d.has(Flag::HaveHands),
        captures_to_partner: d.has(Flag::CapturesToPartner),
        hand_order,
        promoted_keep_type_in_hand: d.has(Flag::KeepTypeInHand),
        castling,
        castling_chess960: d.has(Flag::CastlingNotation),
        shuffle,
        interchangeable,
        swapped_to_hand: d.has(Flag::SwappedToHand),
        separated: d.separated.iter().filter_map(|z| cx.zone(z)).collect(),
        checkmate: outcome(&d.checkmate, Outcome::Loss),
        stalemate: outcome(&d.stalemate, Outcome::Draw),
        royalty: d.endings.royalty.as_ref().map_or(Royalty::Each, |r| r.node),
        moves: mechanics::moves(d, cx),
        drops: mechanics::drops(d, cx),
        effects: mechanics::effects(d, spared, cx),
        filters: mechanics::filters(d),
        endings: endings::endings(d, cx),
        verdicts: endings::verdicts(d, two_players, cx),
    };
    // The flags that are entries of the lists as they stand, each at its place in the order.
    for (flag, _) in &d.flags {
        if let Meaning::Entry(e) = flag.meaning() {
            rules.add(e);
        }
    }
    // The statements of a list of types, where one of the types is known.
    for (phrase, names) in &d.types {
        let TypesMeaning::Entry(make) = phrase.meaning();
        let pieces = cx.types(names);
        if *phrase == TypesPhrase::MatingDrops {
            mating_drops_once(&rules, names, cx);
        }
        if !pieces.is_empty() {
            rules.add(make(pieces));
        }
    }
    let mut map = std::mem::take(&mut cx.map);
    source_map::record_setup(&mut map, &rules.setup, setup.span, rules.board.ranks);
    for (path, name) in rules.entry_names() {
        map.alias(&path, &name);
    }
    Some((rules, map))
}

/// Refuses a type of `mating drops of TYPE... are forbidden` that also has `drop may not mate`:
/// under the one its mating drop is a move that loses, under the other no move.
fn mating_drops_once(rules: &RuleSet, names: &[Name], cx: &mut Names) {
    for n in names {
        let listed = rules.pieces.iter().find(|p| p.name == n.node);
        if listed.is_some_and(|p| p.drops.may_not_mate) {
            cx.err(
                n.span,
                format!(
                    "`{}` has `drop may not mate` (its mating drop is a move, and loses) and is listed in `mating drops of ... are forbidden` (its mating drop is no move): keep one",
                    n.node
                ),
            );
        }
    }
}
