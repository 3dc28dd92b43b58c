//! FSF's sittuyin promotion (`sittuyinPromotion`, `promotionLimit`) as varia's promotion in
//! place, read back as the exporter writes it.
//!
//! With `sittuyinPromotion`, FSF's pawn never promotes by moving (`mandatoryPawnPromotion` is not
//! read); on the promotion region, or anywhere when it is its player's last pawn, it turns into a
//! promotion type in place or on an empty cell that type attacks, if the new piece then attacks
//! no enemy piece and the move gives no check, while its player has fewer of the type than its
//! `promotionLimit`; and a player with a king and a pawn that can only promote draws
//! (`is_optional_game_end`). That is `promotion in place of PAWN to TYPE... in promotion,
//! anywhere when last, or moving, attacking nothing [, at most N on the board]` with `only
//! promotions left draws`, for types whose moves are their captures.

use super::draft::{Draft, pname};
use super::inherit::Piece;
use super::tree::{int, name, names};
use super::words::{expected, read_betza};
use crate::rules::Mode;
use crate::syntax::{Flag, Span, Statement};

/// Reads `sittuyinPromotion` and `promotionLimit`; with the promotion in place, writes it and
/// says so (the pawn then has no promotion by moving).
pub(super) fn sittuyin(d: &mut Draft, pawn: Option<&Piece>, to: &[String]) -> Result<bool, String> {
    let on = d.keys.bool("sittuyinPromotion", false)?;
    let limits = d.keys.take("promotionLimit");
    if !on {
        return match limits {
            Some(v) if !v.trim().is_empty() && v.trim() != "-" => Err(format!(
                "`promotionLimit = {v}` without `sittuyinPromotion`: varia's limit on promotions is its promotion in place's"
            )),
            _ => Ok(false),
        };
    }
    let Some(p) = pawn else {
        return Err("`sittuyinPromotion = true` without a pawn (`pawn = p`)".into());
    };
    if d.kind("king").is_none() {
        return Err(
            "`sittuyinPromotion = true` without a king: varia's `only promotions left draws` counts a royal piece"
                .into(),
        );
    }
    if let Some(form) = d.pieces.iter().find(|q| q.key.starts_with('+')) {
        return Err(format!(
            "`sittuyinPromotion = true` with `promotedPieceType` (`+{}`): varia's promotion in place is the only promotion beside it",
            form.letter.to_ascii_uppercase()
        ));
    }
    if to.is_empty() {
        return Err("`sittuyinPromotion = true` with no promotion type".into());
    }
    let targets: Vec<&Piece> = to
        .iter()
        .filter_map(|n| d.pieces.iter().find(|q| pname(q) == *n))
        .collect();
    for t in &targets {
        let parts = expected(&read_betza(&t.betza)?);
        if parts.iter().any(|e| e.3 != Mode::Both || e.4) {
            return Err(format!(
                "`sittuyinPromotion = true` to `{}` ({}), whose moves are not its captures: varia's promotion in place moves as the new type moves",
                t.letter, t.betza
            ));
        }
    }
    let limit = limit(limits.as_deref(), &targets)?;
    let (w, b) = d.promotion.clone();
    d.zone("promotion", &w, &b)?;
    d.ends.push(Statement::PromotionInPlace {
        piece: name(&pname(p)),
        to: names(to),
        zone: name("promotion"),
        anywhere_when_last: true,
        moving: true,
        attacking_nothing: true,
        limit: limit.map(int),
        span: Span::default(),
    });
    d.ends
        .push(Statement::Flag(Flag::OnlyPromotions, Span::default()));
    Ok(true)
}

/// `promotionLimit` (`x:N ...`) as one limit for every promotion type (`None`: no limit; FSF's
/// 0 is none).
fn limit(v: Option<&str>, targets: &[&Piece]) -> Result<Option<i64>, String> {
    let Some(v) = v else {
        return Ok(None);
    };
    let mut by_letter = Vec::new();
    for tok in v.split_whitespace() {
        let parsed = tok.split_once(':').and_then(|(l, n)| {
            let mut cs = l.chars();
            match (cs.next(), cs.next(), n.parse::<i64>()) {
                (Some(c), None, Ok(n)) if c.is_ascii_alphabetic() && n >= 0 => {
                    Some((c.to_ascii_lowercase(), n))
                }
                _ => None,
            }
        });
        let Some((c, n)) = parsed else {
            return Err(format!(
                "`promotionLimit = {v}`: `{tok}` is not a limit (`x:N`)"
            ));
        };
        if !targets.iter().any(|t| t.letter == c) {
            return Err(format!(
                "`promotionLimit = {v}`: `{c}` is not a type the pawn promotes to"
            ));
        }
        by_letter.push((c, n));
    }
    let of = |c: char| {
        by_letter
            .iter()
            .rev()
            .find(|(l, _)| *l == c)
            .map_or(0, |&(_, n)| n)
    };
    let first = of(targets[0].letter);
    if targets.iter().any(|t| of(t.letter) != first) {
        return Err(format!(
            "`promotionLimit = {v}`: limits that differ between the promotion types (varia's promotion in place has one)"
        ));
    }
    Ok((first > 0).then_some(first))
}
