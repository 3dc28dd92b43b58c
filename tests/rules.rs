//! The compiled rule sets: snapshots of every shipped classic, and the RON / JSON round trip.

const CLASSICS: [&str; 5] = ["chess", "shogi", "xiangqi", "crazyhouse", "minishogi"];

fn source(game: &str) -> String {
    let path = format!(
        "{}/definitions/classic/{game}.varia",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).expect("definition exists")
}

#[test]
fn rule_set_snapshots() {
    for game in CLASSICS {
        let rules = varia::compile(&source(game), None).expect("compiles");
        insta::assert_ron_snapshot!(game, rules);
    }
}

/// A rule set exported as RON or JSON and loaded back is the same, and plays the same.
#[test]
fn export_and_reload_give_the_same_perft() {
    for game in CLASSICS {
        let rules = varia::compile(&source(game), None).expect("compiles");
        let ron_text = ron::ser::to_string_pretty(&rules, Default::default()).unwrap();
        let from_ron: varia::RuleSet = ron::from_str(&ron_text).unwrap();
        let json_text = serde_json::to_string(&rules).unwrap();
        let from_json: varia::RuleSet = serde_json::from_str(&json_text).unwrap();
        assert_eq!(from_ron, rules, "{game} via RON");
        assert_eq!(from_json, rules, "{game} via JSON");
        let original = varia::Game::new(rules).expect("valid rule set");
        let reloaded = varia::Game::new(from_ron).expect("valid rule set");
        let (a, b) = (original.start(), reloaded.start());
        assert_eq!(
            original.perft(&a, 3).unwrap(),
            reloaded.perft(&b, 3).unwrap(),
            "{game}"
        );
        assert!(
            original.perft(&a, 3).unwrap() > 1000,
            "{game}: a perft that can fail"
        );
    }
}

/// A rule set with an index out of range is refused, not a panic later.
#[test]
fn broken_rule_set_is_refused() {
    let mut rules = varia::compile(&source("chess"), None).unwrap();
    rules.pieces[5].promotions[0]
        .to
        .push(varia::rules::PieceId(42));
    let err = varia::Game::new(rules).expect_err("refused").to_string();
    assert!(err.contains("promotion"), "{err}");
}

/// Every variant of every shipped definition survives RON and JSON unchanged and plays the same.
#[test]
fn every_shipped_variant_round_trips_through_ron_and_json() {
    let dir = format!("{}/definitions", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = ["symgi", "shoxiang108", "hoo-mitregi", "4-faces"]
        .iter()
        .map(|f| format!("{dir}/{f}.varia"))
        .collect();
    files.extend(CLASSICS.iter().map(|g| format!("{dir}/classic/{g}.varia")));
    let mut checked = 0;
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let names = varia::variant_names(&src).unwrap();
        for name in names {
            let rules = varia::compile(&src, Some(&name)).expect("compiles");
            let ron_text = ron::ser::to_string(&rules).unwrap();
            let back: varia::RuleSet = ron::from_str(&ron_text).unwrap();
            assert_eq!(back, rules, "{path} {name} via RON");
            let json_back: varia::RuleSet =
                serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
            assert_eq!(json_back, rules, "{path} {name} via JSON");
            let a = varia::Game::new(rules).expect("valid");
            let b = varia::Game::new(back).expect("valid");
            assert_eq!(
                a.perft(&a.start(), 2).unwrap(),
                b.perft(&b.start(), 2).unwrap()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 5 + 3 + 16 + 2 + 2);
}
