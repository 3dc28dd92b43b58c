//! `varia serve`'s `POST /api/setup`, which the board editor asks before a game starts from a
//! position set up by hand: the position once the engine takes it, or why it cannot be played,
//! with an HTTP error status; and `POST /api/export`, the game as one HTML file that replays it
//! (opened from disk in a browser by web/tests/test_export.py).

use serde_json::{Value, json};

#[path = "common/server.rs"]
mod server;
use server::{Server, serve};

const CHESS: &str = "classic/chess.varia";
const SHOGI: &str = "classic/shogi.varia";
const FOUR_FACES: &str = "4-faces.varia";

fn setup(s: &Server, body: Value) -> (u16, Value) {
    s.post("/api/setup", &body.to_string())
}

/// The error of a refused setup: its status, kind and message.
fn refusal(s: &Server, file: &str, fen: &str) -> (u16, String, String) {
    let (status, body) = setup(s, json!({"file": file, "fen": fen}));
    assert!(body["error"].is_string(), "{body}");
    (
        status,
        body["kind"].as_str().unwrap_or_default().to_string(),
        body["error"].as_str().unwrap_or_default().to_string(),
    )
}

#[test]
fn a_position_set_up_is_played_from() {
    let s = serve("definitions");
    let (status, script) =
        s.raw(b"GET /editor.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
    assert!(script.contains("function playFromHere"));
    // King and rook against king, White to move: the moves `varia moves` gives.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let (status, pos) = setup(&s, json!({"file": CHESS, "fen": fen}));
    assert_eq!(status, 200, "{pos}");
    assert_eq!(pos["start_fen"], fen);
    assert_eq!(pos["to_move"], 0);
    let mut legal: Vec<&str> = pos["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    legal.sort();
    assert_eq!(
        legal,
        [
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "e1d1",
            "e1d2", "e1e2", "e1f1", "e1f2"
        ]
    );
    // With moves after it, as /api/position replays them.
    let (status, pos) = setup(&s, json!({"file": CHESS, "fen": fen, "moves": ["a1a8"]}));
    assert_eq!(status, 200, "{pos}");
    assert_eq!(pos["san"], json!(["Ra8+"]));
    assert_eq!(pos["status"], "check");

    // Shogi with pieces in hand, Black (the second player) to move.
    let fen = "4k4/9/9/9/9/9/9/9/4K4[Pp] b - - 0 1";
    let (status, pos) = setup(&s, json!({"file": SHOGI, "fen": fen}));
    assert_eq!(status, 200, "{pos}");
    assert_eq!(pos["to_move"], 1);
    assert_eq!(
        pos["hands"],
        json!([[{"kind": 4, "count": 1}], [{"kind": 4, "count": 1}]])
    );
    let legal = pos["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 76);
    assert_eq!(legal.iter().filter(|m| m["hand"] == 4).count(), 71);

    // A player with nothing left among four is out, and needs no royal piece.
    let fen = "***3***/***3***/***3***/bWbM5oMoW/bKbH5oHoK/bWbM5oMoW/***3***/***rMrHrM***/\
               ***rWrKrW***[] r g 0 1";
    let (status, pos) = setup(&s, json!({"file": FOUR_FACES, "fen": fen}));
    assert_eq!(status, 200, "{pos}");
    assert_eq!(pos["eliminated"], json!([2]));
}

#[test]
fn a_position_that_cannot_be_played_is_refused() {
    let s = serve("definitions");
    let cases = [
        (
            CHESS,
            "8/8/8/8/8/8/8/R3K3 w - - 0 1",
            (
                422,
                "setup",
                "the position cannot be played: black has no royal piece (King), which this game needs",
            ),
        ),
        (
            CHESS,
            "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
            (
                422,
                "setup",
                "the position cannot be played: black is in check, but it is white's turn",
            ),
        ),
        (
            CHESS,
            "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1",
            (
                422,
                "fen",
                "bad FEN: castling right `Q`: white has no Rook on its King's rank towards the a-file",
            ),
        ),
        (
            CHESS,
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            (422, "fen", "bad FEN: bad side to move `x`"),
        ),
        (
            FOUR_FACES,
            "gW**gWgKgW***/***gMgHgM***/***3***/bWbM5oMoW/bKbH5oHoK/bWbM5oMoW/***3***/\
             ***rMrHrM***/***rWrKrW***[] r - 0 1",
            (422, "fen", "bad FEN: a piece stands on a hole at rank 9"),
        ),
        (
            FOUR_FACES,
            "***gWgKgW***/***gMgHgM***/***3***/bWbM5oMoW/bKbH5oHoK/bWbM5oMoW/***3***/\
             ***rMrHrM***/***rW1rW***[] r - 0 1",
            (
                422,
                "setup",
                "the position cannot be played: red has no royal piece (King), which this game needs",
            ),
        ),
        (
            SHOGI,
            "4k4/9/9/9/9/9/9/9/4K4[+P] b - - 0 1",
            (422, "fen", "bad FEN: `+` cannot be held in hand"),
        ),
    ];
    for (file, fen, (status, kind, error)) in cases {
        assert_eq!(
            refusal(&s, file, fen),
            (status, kind.to_string(), error.to_string()),
            "{fen}"
        );
        // The position itself (what the editor loads to go on editing) is read all the same,
        // where its FEN is.
        if kind == "setup" {
            let (status, pos) = s.post(
                "/api/position",
                &json!({"file": file, "fen": fen}).to_string(),
            );
            assert_eq!(status, 200, "{pos}");
        }
    }
    let (status, body) = setup(&s, json!({"file": CHESS}));
    assert_eq!(
        (status, &body["error"]),
        (400, &json!("missing field `fen` (the position set up)"))
    );
    let (status, body) = setup(&s, json!({"file": CHESS, "fen": "  "}));
    assert_eq!(status, 400, "{body}");
    let (status, body) = setup(&s, json!({"file": "nothing.varia", "fen": "8/8 w"}));
    assert_eq!((status, &body["kind"]), (404, &json!("file")));
    // A move after the position that is not legal there.
    let (status, body) = setup(
        &s,
        json!({"file": CHESS, "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "moves": ["a1b2"]}),
    );
    assert_eq!((status, &body["kind"]), (422, &json!("move")));
}

#[test]
fn the_rules_say_which_types_may_be_held() {
    let s = serve("definitions");
    let holdable = |file: &str| -> Vec<String> {
        let (_, rules) = s.get(&format!("/api/rules?file={file}"));
        rules["rules"]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["holdable"] == true)
            .map(|p| p["symbol"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(holdable(SHOGI), ["G", "N", "L", "P", "S", "R", "B"]);
    assert_eq!(holdable(CHESS), Vec::<String>::new());
    assert_eq!(
        holdable("classic/crazyhouse.varia"),
        ["Q", "R", "B", "N", "P"]
    );
}

/// Posts a body to /api/export: the status and the page (or the JSON error).
fn export(s: &Server, body: Value) -> (u16, String) {
    let body = body.to_string();
    s.raw(
        format!(
            "POST /api/export HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
}

#[test]
fn a_game_is_exported_as_one_page() {
    let s = serve("definitions");
    let get_board_js = b"GET /board.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    assert_eq!(s.raw(get_board_js).0, 200);
    let (status, page) = export(
        &s,
        json!({"file": CHESS, "moves": ["e2e4", "e7e5", "g1f3"]}),
    );
    assert_eq!(status, 200, "{page}");
    assert!(page.starts_with("<!doctype html>"));
    // Everything inline: no file or address the page would load.
    assert!(!page.contains("src=\""), "a script or image from elsewhere");
    assert!(!page.contains("<link rel=\"stylesheet\""));
    for part in [
        "function pieceSvg",
        "function squares",
        "const POSITIONS",
        ".sq.light",
    ] {
        assert!(page.contains(part), "{part}");
    }
    let data = page
        .split_once("const GAME = ")
        .and_then(|(_, rest)| rest.split_once(";\n"))
        .map(|(data, _)| data)
        .unwrap();
    let game: Value = serde_json::from_str(data).unwrap();
    assert_eq!(game["file"], CHESS);
    assert_eq!(game["rules"]["title"], "Chess");
    assert_eq!(game["start"]["board"].as_array().unwrap().len(), 32);
    assert_eq!(game["start"]["to_move"], 0);
    let plies = game["plies"].as_array().unwrap();
    let san: Vec<&Value> = plies.iter().map(|p| &p["san"]).collect();
    assert_eq!(san, [&json!("e4"), &json!("e5"), &json!("Nf3")]);
    // e2 (cell 12) emptied, a white pawn (type 5) on e4 (cell 28).
    assert_eq!(plies[0]["changes"], json!([[12], [28, 5, 0, null]]));
    assert_eq!(plies[0]["last"], json!({"from": 12, "via": [], "to": 28}));
    assert_eq!(plies[0]["to_move"], 1);
    assert_eq!(
        plies[2]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );

    // Crazyhouse from a FEN: a capture fills a hand, a drop empties it.
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    let (status, page) = export(
        &s,
        json!({"file": "classic/crazyhouse.varia", "fen": fen, "moves": ["e4d5", "e8d7", "P@e6"]}),
    );
    assert_eq!(status, 200, "{page}");
    let data = page
        .split_once("const GAME = ")
        .and_then(|(_, rest)| rest.split_once(";\n"))
        .map(|(data, _)| data)
        .unwrap();
    let game: Value = serde_json::from_str(data).unwrap();
    assert_eq!(game["start"]["fen"], "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1");
    let plies = game["plies"].as_array().unwrap();
    assert_eq!(plies[0]["hands"], json!([[{"kind": 5, "count": 1}], []]));
    assert_eq!(plies[2]["hands"], json!([[], []]));
    assert_eq!(plies[2]["changes"], json!([[44, 5, 0, null]]));
    assert_eq!(plies[2]["last"], json!({"from": null, "via": [], "to": 44}));

    // A move that is not legal, a bad FEN: JSON errors, as /api/position gives them.
    let (status, body) = export(&s, json!({"file": CHESS, "moves": ["e2e5"]}));
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (status, &body["kind"], &body["index"]),
        (422, &json!("move"), &json!(0))
    );
    let (status, body) = export(&s, json!({"file": CHESS, "fen": "8/8 w"}));
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (status, &body["error"]),
        (422, &json!("bad FEN: found 2 rank(s), this game has 8"))
    );
}
