//! The parser's own tests: keyword choices parse into their enums, blank lines leave no tokens.

use super::*;
use crate::rules::{Direction, Obligation, Outcome, Royalty, Style, Trigger};
use crate::syntax::{GoalRider, Verdict};

/// Every word of every keyword choice parses into its value: the grammar's alternatives and
/// the enums' words agree.
#[test]
fn keyword_choices_parse() {
    let one = |src: String| parse(&src).expect(&src).statements.remove(0);
    for &(v, w) in Direction::ALL {
        assert!(
            matches!(one(format!("player a {w}\n")), Statement::Player { forward, .. } if forward.node == v)
        );
    }
    for &(v, w) in Outcome::ALL {
        assert!(matches!(one(format!("checkmate {w}\n")), Statement::Checkmate(o) if o.node == v));
        assert!(matches!(one(format!("stalemate {w}\n")), Statement::Stalemate(o) if o.node == v));
    }
    for &(v, w) in Style::ALL {
        assert!(
            matches!(one(format!("style {w} for K\n")), Statement::Style { style, .. } if style.node == v)
        );
    }
    for &(v, w) in crate::syntax::keywords::RoyaltyWord::ALL {
        assert!(
            matches!(one(format!("royalty {w}\n")), Statement::Royalty(r) if r.node == v.into())
        );
    }
    for &(v, w) in crate::rules::RoyalKey::ALL {
        let order = crate::rules::RoyalOrder { by: v, then: v };
        assert!(
            matches!(one(format!("royalty first by {w}, then  {w}\n")), Statement::Royalty(r) if r.node == Royalty::First(order))
        );
    }
    for &(v, w) in Verdict::ALL {
        assert!(
            matches!(one(format!("repetition 3 {w}\n")), Statement::Repetition { verdict, .. } if verdict.node == v)
        );
        assert!(
            matches!(one(format!("extinction of K {w}\n")), Statement::Extinction { verdict, .. } if verdict.node == v)
        );
    }
    for &(v, w) in GoalRider::ALL {
        assert!(
            matches!(one(format!("goal K in z, {w}\n")), Statement::Goal { mode: Some(m), .. } if m.node == v)
        );
    }
    for &(t, tw) in Trigger::ALL {
        for &(o, ow) in Obligation::ALL {
            let src = format!("piece K K\n  promotes to Q when {tw} z, {ow}\n");
            let Statement::Piece(p) = one(src.replace(' ', "  ")) else {
                panic!("{src}")
            };
            assert!(
                matches!(&p.properties[0], Property::Promotes { trigger, obligation: Some(ob), .. }
                    if trigger.node == t && ob.node == o),
                "{src}"
            );
        }
    }
}

/// Blank lines leave no token behind: a parse keeps memory in proportion to the statements
/// (30 million blank lines once kept 88 bytes each and ran out of memory).
#[test]
fn blank_lines_leave_no_tokens() {
    let blank = "\n".repeat(100_000);
    let src = format!("game g\n{blank}board 8 x 8\n{blank}piece King K\n{blank}  royal\n{blank}");
    let pairs = VariaParser::parse(Rule::file, &src).expect("parses");
    let tokens = pairs.flatten().count();
    assert!(tokens < 30, "{tokens} tokens");
}
