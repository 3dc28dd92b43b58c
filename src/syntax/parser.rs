//! Turns source text into the syntax tree, through the pest grammar in grammar/varia.pest.

use super::ast::*;
pub use super::error::SyntaxError;
use super::error::convert_error;
use pest::Parser as _;
use pest::iterators::Pair;

pub(super) use super::grammar::{Rule, VariaParser};

/// The largest definition file, in bytes (1 MiB; the largest shipped definition has 9.5 KB).
pub const MAX_SOURCE_BYTES: usize = 1 << 20;
/// The longest line of a definition, in bytes (the longest shipped line has 243).
pub const MAX_LINE_BYTES: usize = 4096;
/// The most statements in a definition, counting piece properties and `variant` and `option`
/// lines (the largest shipped definition has 151).
pub const MAX_STATEMENTS: usize = 10_000;

/// How many statements a list holds, each piece's properties included.
fn count_in(statements: &[Statement]) -> usize {
    statements
        .iter()
        .map(|s| match s {
            Statement::Piece(p) => 1 + p.properties.len(),
            _ => 1,
        })
        .sum()
}

/// The largest char boundary at or before a byte offset.
fn floor_char(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Refuses a source past the size limits before it is parsed: too many bytes, or a line too long.
fn check_size(source: &str) -> Result<(), SyntaxError> {
    if source.len() > MAX_SOURCE_BYTES {
        let at = floor_char(source, MAX_SOURCE_BYTES);
        return Err(SyntaxError {
            message: format!(
                "the file has {} bytes; at most {MAX_SOURCE_BYTES} (1 MiB) are allowed",
                source.len()
            ),
            span: Span { start: at, end: at },
        });
    }
    let mut start = 0;
    for line in source.split('\n') {
        if line.len() > MAX_LINE_BYTES {
            let at = floor_char(source, start + MAX_LINE_BYTES);
            return Err(SyntaxError {
                message: format!(
                    "this line has {} bytes; at most {MAX_LINE_BYTES} are allowed",
                    line.len()
                ),
                span: Span { start: at, end: at },
            });
        }
        start += line.len() + 1;
    }
    Ok(())
}

/// Parses a definition file (the library parses through [`parse_placed`], which places extended
/// files).
#[cfg(test)]
pub fn parse(source: &str) -> Result<File, SyntaxError> {
    parse_placed(source, 0)
}

/// Parses a definition file whose places (spans) start at byte `offset`, after the texts of
/// other files (an extended file's, after the one extending it). The limits apply to its own
/// text.
pub fn parse_placed(source: &str, offset: usize) -> Result<File, SyntaxError> {
    check_size(source).map_err(|e| SyntaxError {
        span: Span {
            start: e.span.start + offset,
            end: e.span.end + offset,
        },
        ..e
    })?;
    parse_checked(&("\n".repeat(offset) + source))
}

fn parse_checked(source: &str) -> Result<File, SyntaxError> {
    let mut pairs = VariaParser::parse(Rule::file, source).map_err(|e| convert_error(e, source))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    super::error::refuse_parts(&file)?;
    let mut statements = Vec::new();
    let mut spans = Vec::new();
    let mut variants = Vec::new();
    let mut options = Vec::new();
    let mut extends: Option<Spanned<String>> = None;
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::extends if extends.is_some() => Err(SyntaxError {
                message: "a game extends one file; this is a second `extends`".into(),
                span: span(&pair),
            })?,
            Rule::extends => {
                let quoted = pair
                    .clone()
                    .into_inner()
                    .last()
                    .map_or("\"\"", |p| p.as_str());
                let node = quoted[1..quoted.len() - 1].to_string();
                extends = Some(Spanned {
                    node,
                    span: span(&pair),
                });
            }
            Rule::variant => variants.push(variant(pair)),
            Rule::option => options.push(option_block(pair)),
            Rule::EOI | Rule::eol => {}
            _ => {
                spans.push(span(&pair));
                statements.push(statement(pair));
            }
        }
    }
    let count = count_in(&statements)
        + variants
            .iter()
            .map(|v| 1 + count_in(&v.statements))
            .sum::<usize>()
        + options
            .iter()
            .map(|o| 1 + count_in(&o.statements))
            .sum::<usize>();
    if count > MAX_STATEMENTS {
        // Point at the first statement past the limit.
        let mut starts: Vec<Span> = Vec::with_capacity(count);
        let mut add = |list: &[Statement], spans: &[Span]| {
            for (s, &sp) in list.iter().zip(spans) {
                starts.push(sp);
                if let Statement::Piece(p) = s {
                    starts.extend(&p.property_spans);
                }
            }
        };
        add(&statements, &spans);
        for v in &variants {
            add(&v.statements, &v.spans);
        }
        for o in &options {
            add(&o.statements, &o.spans);
        }
        starts.extend(variants.iter().map(|v| v.name.span));
        starts.extend(options.iter().map(|o| o.group.span));
        starts.sort();
        let at = starts.get(MAX_STATEMENTS).copied().unwrap_or_default();
        return Err(SyntaxError {
            message: format!(
                "the file has {count} statements (piece properties, `variant` and `option` lines \
                 included); at most {MAX_STATEMENTS} are allowed"
            ),
            span: at,
        });
    }
    Ok(File {
        extends,
        base: Vec::new(),
        statements,
        spans,
        variants,
        options,
    })
}

fn span(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    Span {
        start: s.start(),
        end: s.end(),
    }
}

fn spanned_str(pair: &Pair<Rule>) -> Spanned<String> {
    Spanned {
        node: pair.as_str().to_string(),
        span: span(pair),
    }
}

/// A keyword choice, read into its enum. The grammar admits only the enum's words (the test
/// `keyword_choices_parse` checks each of them), so the reading cannot fail on a parsed file.
fn keyword<T>(pair: &Pair<Rule>) -> Spanned<T>
where
    T: std::str::FromStr<Err = super::UnknownKeyword>,
{
    Spanned {
        node: pair
            .as_str()
            .parse()
            .unwrap_or_else(|e| unreachable!("the grammar admits {:?}: {e}", pair.as_rule())),
        span: span(pair),
    }
}

/// `castling KING [from FILE] with ROOK [to FILE FILE | to any of FILE... [, all unattacked] | by N
/// cells]`.
fn castling(mut p: Vec<Pair<Rule>>) -> Statement {
    let from = p
        .iter()
        .position(|x| x.as_rule() == Rule::castling_from)
        .map(|i| spanned_str(&parts(p.remove(i))[0]));
    let by = p
        .iter()
        .position(|x| x.as_rule() == Rule::castling_by)
        .map(|i| int(&parts(p.remove(i))[0]));
    Statement::Castling {
        king: spanned_str(&p[0]),
        from,
        rook: spanned_str(&p[1]),
        to: (p.len() == 4).then(|| (spanned_str(&p[2]), spanned_str(&p[3]))),
        any_of: p
            .get(2)
            .filter(|a| a.as_rule() == Rule::castling_any)
            .map(|a| {
                parts(a.clone())
                    .iter()
                    .filter(|f| f.as_rule() == Rule::file_letter)
                    .map(spanned_str)
                    .collect()
            })
            .unwrap_or_default(),
        all_unattacked: p.get(2).is_some_and(|a| {
            a.clone()
                .into_inner()
                .any(|x| x.as_rule() == Rule::all_unattacked)
        }),
        by,
    }
}

/// `each|all|alone`, or `first by KEY, then KEY`.
fn royalty(pair: &Pair<Rule>) -> Spanned<crate::rules::Royalty> {
    let node = if pair.as_rule() == Rule::royalty_first {
        let keys = parts(pair.clone());
        crate::rules::Royalty::First(crate::rules::RoyalOrder {
            by: keyword(&keys[0]).node,
            then: keyword(&keys[1]).node,
        })
    } else {
        keyword::<super::keywords::RoyaltyWord>(pair).node.into()
    };
    Spanned {
        node,
        span: span(pair),
    }
}

fn int(pair: &Pair<Rule>) -> Spanned<Int> {
    Spanned {
        node: Int {
            value: pair.as_str().parse().ok(),
            text: pair.as_str().to_string(),
        },
        span: span(pair),
    }
}

/// The inner pairs that carry meaning (keywords are skipped).
fn parts(pair: Pair<Rule>) -> Vec<Pair<Rule>> {
    pair.into_inner()
        .filter(|p| p.as_rule() != Rule::eol && !format!("{:?}", p.as_rule()).starts_with("kw_"))
        .collect()
}

fn variant(pair: Pair<Rule>) -> Variant {
    let sp = span(&pair);
    let mut inner = parts(pair).into_iter();
    let name = spanned_str(&inner.next().expect("variant name"));
    let mut extends = None;
    let mut statements = Vec::new();
    let mut spans = Vec::new();
    for p in inner {
        if p.as_rule() == Rule::name {
            extends = Some(spanned_str(&p));
        } else {
            spans.push(span(&p));
            statements.push(statement(p));
        }
    }
    Variant {
        name,
        extends,
        statements,
        spans,
        span: sp,
    }
}

fn option_block(pair: Pair<Rule>) -> OptionBlock {
    let sp = span(&pair);
    let mut inner = parts(pair).into_iter();
    let group = spanned_str(&inner.next().expect("option group"));
    let value = spanned_str(&inner.next().expect("option value"));
    let (spans, statements) = inner.map(|p| (span(&p), statement(p))).unzip();
    OptionBlock {
        group,
        value,
        statements,
        spans,
        span: sp,
    }
}

fn statement(pair: Pair<Rule>) -> Statement {
    let sp = span(&pair);
    let rule = pair.as_rule();
    if let Some(flag) = Flag::from_rule(rule) {
        return Statement::Flag(flag, sp);
    }
    let p = parts(pair);
    if let Some(phrase) = TypesPhrase::from_rule(rule) {
        return Statement::Types(phrase, p.iter().map(spanned_str).collect(), sp);
    }
    match rule {
        Rule::game => game(&p),
        Rule::board => Statement::Board {
            files: int(&p[0]),
            ranks: int(&p[1]),
        },
        Rule::holes => Statement::Holes(region(p[0].clone())),
        Rule::player => Statement::Player {
            name: spanned_str(&p[0]),
            forward: keyword(&p[1]),
        },
        Rule::zone => {
            let (player, reg) = if p.len() == 3 {
                (Some(spanned_str(&p[1])), p[2].clone())
            } else {
                (None, p[1].clone())
            };
            Statement::Zone {
                name: spanned_str(&p[0]),
                player,
                region: region(reg),
            }
        }
        Rule::piece => Statement::Piece(piece(p, sp)),
        Rule::setup => setup(&p),
        Rule::hand_order => Statement::HandOrder(p.iter().map(spanned_str).collect()),
        Rule::castling => castling(p),
        Rule::shuffle => shuffle(&p),
        Rule::checkmate => Statement::Checkmate(keyword(&p[0])),
        Rule::stalemate => Statement::Stalemate(keyword(&p[0])),
        Rule::style => Statement::Style {
            style: keyword(&p[0]),
            pieces: p[1..].iter().map(spanned_str).collect(),
        },
        Rule::interchangeable => Statement::Interchangeable(p.iter().map(spanned_str).collect()),
        Rule::castling_by_drops => {
            Statement::CastlingByDrops(spanned_str(&p[0]), spanned_str(&p[1]))
        }
        Rule::main_variant => Statement::MainVariant(spanned_str(&p[0])),
        Rule::xboard_variant => Statement::XboardVariant(spanned_str(&p[0])),
        Rule::separated => Statement::Separated(spanned_str(&p[0])),
        Rule::goal => goal(&p, sp),
        Rule::extinction => extinction(&p, sp),
        Rule::check_limit => Statement::CheckLimit(int(&p[0])),
        Rule::row => row(&p, sp),
        Rule::passing => Statement::Passing(sp, p.iter().any(|x| x.as_rule() == Rule::when_stuck)),
        Rule::enclosing_drops => Statement::EnclosingDrops(sp, p.first().map(spanned_str)),
        Rule::wall_rule => Statement::WallRule {
            moves: p[0].as_str().starts_with("the"),
            cells: keyword(&p[1]),
            zone: p.get(2).map(spanned_str),
            span: sp,
        },
        Rule::gating => Statement::Gating(
            sp,
            spanned_str(&p[0]),
            p.iter().any(|x| x.as_rule() == Rule::gating_only),
        ),
        Rule::promotion_in_place => {
            let names: Vec<Name> = p
                .iter()
                .filter(|x| x.as_rule() == Rule::name)
                .map(spanned_str)
                .collect();
            let has = |r: Rule| {
                p.iter()
                    .filter(|x| x.as_rule() == Rule::pip_option)
                    .any(|x| x.clone().into_inner().any(|y| y.as_rule() == r))
            };
            let n = names.len();
            Statement::PromotionInPlace {
                piece: names[0].clone(),
                to: names[1..n - 1].to_vec(),
                zone: names[n - 1].clone(),
                anywhere_when_last: has(Rule::pip_last),
                moving: has(Rule::pip_moving),
                attacking_nothing: has(Rule::pip_quiet),
                limit: p
                    .iter()
                    .filter(|x| x.as_rule() == Rule::pip_option)
                    .flat_map(|x| x.clone().into_inner())
                    .find(|y| y.as_rule() == Rule::pip_limit)
                    .and_then(|y| y.into_inner().find(|z| z.as_rule() == Rule::int))
                    .map(|z| int(&z)),
                span: sp,
            }
        }
        Rule::draws_by_value => draws_by_value(&p),
        Rule::royalty => Statement::Royalty(royalty(&p[0])),
        Rule::draw_odds => Statement::DrawOdds(spanned_str(&p[0])),
        Rule::repetition => Statement::Repetition {
            count: int(&p[0]),
            verdict: keyword(&p[1]),
            player: p
                .iter()
                .find(|x| x.as_rule() == Rule::name)
                .map(spanned_str),
            perpetual: p.iter().any(|x| x.as_rule() == Rule::perpetual),
            span: sp,
        },
        Rule::back_and_forth => Statement::BackAndForth {
            times: int(&p[0]),
            except: p
                .iter()
                .filter(|x| x.as_rule() == Rule::name)
                .map(spanned_str)
                .collect(),
            span: sp,
        },
        Rule::move_limit => Statement::MoveLimit(int(&p[0])),
        Rule::counting => counting(&p),
        other => unreachable!("the grammar has no statement {other:?}"),
    }
}

/// `game NAME ["Title"]`.
fn game(p: &[Pair<Rule>]) -> Statement {
    Statement::Game {
        id: spanned_str(&p[0]),
        title: p.get(1).map(|s| {
            let t = s.as_str();
            Spanned {
                node: t[1..t.len() - 1].to_string(),
                span: span(s),
            }
        }),
    }
}

/// `setup FEN`, without trailing blanks.
fn setup(p: &[Pair<Rule>]) -> Statement {
    let f = &p[0];
    Statement::Setup(Spanned {
        node: f.as_str().trim_end().to_string(),
        span: Span {
            start: span(f).start,
            end: span(f).start + f.as_str().trim_end().len(),
        },
    })
}

/// `shuffle REGION ...` with its rules.
fn shuffle(p: &[Pair<Rule>]) -> Statement {
    Statement::Shuffle {
        region: region(p[0].clone()),
        rules: p[1..]
            .iter()
            .map(|r| {
                let names: Vec<Name> = parts(r.clone()).iter().map(spanned_str).collect();
                match r.as_rule() {
                    Rule::between => ShuffleRule::Between(names[0].clone(), names[1].clone()),
                    _ => ShuffleRule::BothColours(names),
                }
            })
            .collect(),
    }
}

/// `goal ...`: the last name is the zone.
fn goal(p: &[Pair<Rule>], sp: Span) -> Statement {
    let mut names: Vec<Name> = Vec::new();
    let mut mode = None;
    let mut count = None;
    for x in p {
        match x.as_rule() {
            Rule::name => names.push(spanned_str(x)),
            Rule::goal_mode => mode = Some(keyword(x)),
            Rule::goal_count => count = Some(int(x)),
            _ => {}
        }
    }
    let zone = names.pop().expect("a goal names its zone");
    Statement::Goal {
        count,
        pieces: names,
        zone,
        mode,
        span: sp,
    }
}

/// `extinction of ...`.
fn extinction(p: &[Pair<Rule>], sp: Span) -> Statement {
    let mut pieces = Vec::new();
    let mut down_to = None;
    let mut against = None;
    let mut bared_back = false;
    let mut together = false;
    let mut verdict = None;
    for x in p {
        match x.as_rule() {
            Rule::name => pieces.push(spanned_str(x)),
            Rule::down_to => down_to = parts(x.clone()).first().map(int),
            Rule::against => against = parts(x.clone()).first().map(int),
            Rule::bared_back => bared_back = true,
            Rule::all_of => together = true,
            Rule::verdict => verdict = Some(keyword(x)),
            _ => {}
        }
    }
    Statement::Extinction {
        pieces,
        together,
        down_to,
        against,
        bared_back,
        verdict: verdict.expect("an extinction has a verdict"),
        span: sp,
    }
}

/// `N in a row ...`.
fn row(p: &[Pair<Rule>], sp: Span) -> Statement {
    let (mut pieces, mut lines, mut zone, mut verdict) = (Vec::new(), Vec::new(), None, None);
    for x in &p[1..] {
        match x.as_rule() {
            Rule::name => pieces.push(spanned_str(x)),
            Rule::row_lines => lines.push(keyword(x)),
            Rule::row_zone => zone = parts(x.clone()).first().map(spanned_str),
            Rule::verdict => verdict = Some(keyword(x)),
            _ => {}
        }
    }
    Statement::Row {
        length: int(&p[0]),
        pieces,
        lines,
        zone,
        verdict: verdict.expect("a row has a verdict"),
        span: sp,
    }
}

/// `draws decided by value [PLAYER BONUS]`.
fn draws_by_value(p: &[Pair<Rule>]) -> Statement {
    let names: Vec<_> = p
        .iter()
        .filter(|x| matches!(x.as_rule(), Rule::name | Rule::bonus))
        .map(spanned_str)
        .collect();
    Statement::DrawsByValue(match names.as_slice() {
        [who, n] => Some((who.clone(), n.clone())),
        _ => None,
    })
}

/// The three counting statements.
fn counting(p: &[Pair<Rule>]) -> Statement {
    let inner = p[0].clone();
    let rule = inner.as_rule();
    let text = inner.as_str().to_string();
    let q = parts(inner);
    match rule {
        Rule::counting_stoppers => Statement::CountingStoppers(q.iter().map(spanned_str).collect()),
        Rule::counting_board => Statement::CountingBoard {
            limit: int(&q[0]),
            with_stoppers: text.contains("stoppers"),
            up_to: q.get(1).map(int),
        },
        _ => {
            let honours = q
                .iter()
                .filter(|x| x.as_rule() == Rule::honour)
                .map(|h| {
                    let r = parts(h.clone());
                    (int(&r[0]), spanned_str(&r[1]), int(&r[2]))
                })
                .collect();
            Statement::CountingBare {
                limit: int(&q[0]),
                from_pieces: text.contains("from"),
                honours,
            }
        }
    }
}

fn region(pair: Pair<Rule>) -> Region {
    let sp = span(&pair);
    let items = pair
        .into_inner()
        .map(|item| {
            let isp = span(&item);
            let rule = item.as_rule();
            let text = item.as_str().to_string();
            let p = parts(item);
            let node = match rule {
                Rule::ranks => {
                    let a = int(&p[0]).node;
                    let b = p.get(1).map(|x| int(x).node).unwrap_or_else(|| a.clone());
                    RegionItem::Ranks(a, b)
                }
                Rule::files => {
                    let ch = |x: &Pair<Rule>| x.as_str().chars().next().unwrap_or('a');
                    let a = ch(&p[0]);
                    let b = p.get(1).map(ch).unwrap_or(a);
                    RegionItem::Files(a, b)
                }
                Rule::all_cells => RegionItem::All,
                Rule::cell_range => {
                    RegionItem::Rect(p[0].as_str().to_string(), p[1].as_str().to_string())
                }
                Rule::cell => RegionItem::Cell(text),
                Rule::zone_ref => RegionItem::Zone(text),
                other => unreachable!("the grammar has no region item {other:?}"),
            };
            Spanned { node, span: isp }
        })
        .collect();
    Region { items, span: sp }
}

fn piece(p: Vec<Pair<Rule>>, sp: Span) -> Piece {
    let mut it = p.into_iter().peekable();
    let name = spanned_str(&it.next().expect("piece name"));
    let symbol = it
        .next_if(|x| x.as_rule() == Rule::symbol)
        .map(|x| spanned_str(&x));
    let (property_spans, properties) = it.map(|p| (span(&p), property(p))).unzip();
    Piece {
        name,
        symbol,
        properties,
        property_spans,
        span: sp,
    }
}

fn property(pair: Pair<Rule>) -> Property {
    let sp = span(&pair);
    let rule = pair.as_rule();
    if let Some(flag) = PieceFlag::from_rule(rule) {
        return Property::Flag(flag, sp);
    }
    let p = parts(pair);
    match rule {
        Rule::value => Property::Value(Spanned {
            node: p[0].as_str().parse().unwrap_or(i64::MAX),
            span: span(&p[0]),
        }),
        Rule::rank_of => Property::Rank(Spanned {
            node: p[0].as_str().parse().unwrap_or(i64::MAX),
            span: span(&p[0]),
        }),
        Rule::moves => {
            let mut words = Vec::new();
            let mut zone = None;
            let mut within = false;
            let mut after_first = false;
            for x in p {
                match x.as_rule() {
                    Rule::move_word => words.push(move_word(x)),
                    Rule::after_first => after_first = true,
                    Rule::within => {
                        within = true;
                        zone = x.into_inner().last().map(|n| spanned_str(&n));
                    }
                    _ => zone = Some(spanned_str(&x)),
                }
            }
            Property::Moves {
                words,
                zone,
                within,
                after_first,
                span: sp,
            }
        }
        Rule::only_until_capture => Property::OnlyUntilCapture {
            words: p
                .into_iter()
                .filter(|x| x.as_rule() == Rule::move_word)
                .map(move_word)
                .collect(),
            span: sp,
        },
        Rule::confined => Property::Confined(spanned_str(&p[0])),
        Rule::barred => Property::Barred(spanned_str(&p[0])),
        Rule::promotes => {
            let mut to = Vec::new();
            let mut captive = false;
            let mut trigger = None;
            let mut zone = None;
            let mut obligation = None;
            let mut deferred = None;
            for x in p {
                match x.as_rule() {
                    Rule::captive => captive = true,
                    Rule::name if trigger.is_none() => to.push(spanned_str(&x)),
                    Rule::name => zone = Some(spanned_str(&x)),
                    Rule::trigger => trigger = Some(keyword(&x)),
                    Rule::obligation => obligation = Some(keyword(&x)),
                    Rule::deferred => {
                        deferred = parts(x).first().map(spanned_str);
                    }
                    _ => {}
                }
            }
            Property::Promotes {
                captive,
                to,
                trigger: trigger.expect("promotes has a trigger"),
                zone: zone.expect("promotes has a zone"),
                obligation,
                deferred,
                span: sp,
            }
        }
        Rule::drops_in => Property::DropsIn(spanned_str(&p[0])),
        Rule::per_file => Property::PerFile(int(&p[0])),
        Rule::per_colour => Property::PerColour(int(&p[0])),
        Rule::en_passant => Property::EnPassant(sp, p.first().map(spanned_str)),
        Rule::takes_en_passant => Property::TakesEnPassant(sp, p.first().map(spanned_str)),
        Rule::first_moves_lost => Property::FirstMovesLost(p.iter().map(spanned_str).collect()),
        Rule::no_hop_over => Property::NoHopOver(p.iter().map(spanned_str).collect()),
        Rule::no_capture => Property::NoCapture(p.iter().map(spanned_str).collect()),
        Rule::capture_limit => {
            let mut types = Vec::new();
            let (mut protected, mut afar, mut unless_also) = (false, false, Vec::new());
            let mut only_by = Vec::new();
            for x in p {
                match x.as_rule() {
                    Rule::protected => protected = true,
                    Rule::from_afar => afar = true,
                    Rule::unless_also => unless_also = parts(x).iter().map(spanned_str).collect(),
                    Rule::unless_only_by => only_by = parts(x).iter().map(spanned_str).collect(),
                    _ => types.push(spanned_str(&x)),
                }
            }
            Property::CaptureLimit {
                types,
                protected,
                only_by,
                afar,
                unless_also,
                span: sp,
            }
        }
        Rule::on_board => Property::OnBoard(int(&p[0])),
        Rule::survives_blasts => Property::SurvivesBlasts {
            nearby: p.iter().any(|x| x.as_rule() == Rule::nearby),
            span: sp,
        },
        other => unreachable!("the grammar has no property {other:?}"),
    }
}

fn move_word(pair: Pair<Rule>) -> MoveWord {
    let sp = span(&pair);
    let atoms = pair
        .into_inner()
        .map(|a| {
            let mut modifiers = None;
            let mut atom = None;
            let mut range = None;
            for x in a.into_inner() {
                match x.as_rule() {
                    Rule::modifiers => modifiers = Some(spanned_str(&x)),
                    Rule::atom => atom = Some(spanned_str(&x)),
                    Rule::range => range = Some(spanned_str(&x)),
                    _ => {}
                }
            }
            MoveAtom {
                modifiers: modifiers.expect("an atom has modifiers, maybe empty"),
                atom: atom.expect("an atom has a letter"),
                range,
            }
        })
        .collect();
    MoveWord { atoms, span: sp }
}

#[cfg(test)]
mod tests;
