//! The JSON API, in process (`tower::ServiceExt::oneshot`): known answers for every route, and
//! the 400 / 413 / time-out behaviour. (A running job not blocking other requests, the backstop
//! and the job cap are unit tests in `src/lib.rs`, where a test hook can hold a job.)

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use pencilbox_web::{Config, router};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tower::ServiceExt;

fn app() -> Router {
    router(Config::default())
}

/// The app with the backstop off (a day of grace): an answer that says "out of time" then comes
/// from the engine itself, which shows that it stopped at its deadline without timing anything.
fn app_without_backstop() -> Router {
    let mut config = Config::default();
    config.grace = Duration::from_secs(24 * 3600);
    router(config)
}

fn example(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../examples/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

async fn send(app: &Router, req: Request<Body>) -> (StatusCode, Vec<u8>, String) {
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let ctype =
        resp.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, bytes, ctype)
}

async fn post_raw(app: &Router, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let req = Request::post(path).header("content-type", "application/json").body(body.into()).unwrap();
    let (status, bytes, ctype) = send(app, req).await;
    assert!(ctype.starts_with("application/json"), "{path}: content type {ctype}");
    (status, serde_json::from_slice(&bytes).unwrap())
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_raw(&app(), path, body.to_string()).await
}

async fn ok(path: &str, body: Value) -> Value {
    let (status, v) = post(path, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {v}");
    v
}

async fn bad(path: &str, body: Value, needle: &str) {
    let (status, v) = post(path, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {v}");
    let msg = v["error"].as_str().unwrap();
    assert!(msg.contains(needle), "{path}: {msg:?} should mention {needle:?}");
}

#[tokio::test]
async fn health_and_pages() {
    let (status, body, ctype) = send(&app(), Request::get("/api/health").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/json"));
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["status"], "ok");
    for (path, want) in [
        ("/", "text/html"),
        ("/style.css", "text/css"),
        ("/app.js", "text/javascript"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (status, body, ctype) = send(&app(), Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(ctype.starts_with(want), "{path}: {ctype}");
        let text = String::from_utf8(body).unwrap().replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path} loads nothing from the internet"
        );
    }
    let (status, body, _) = send(&app(), Request::get("/api/nope").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(String::from_utf8(body).unwrap().contains("no API route /api/nope"));
    let (status, body, _) = send(&app(), Request::get("/api/dots/solve").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let message = String::from_utf8(body).unwrap();
    assert!(message.contains("does not accept GET"), "{message}");
    // It names every GET route of the router.
    let gets = include_str!("../src/lib.rs")
        .lines()
        .filter_map(|l| l.trim().strip_prefix(".route(\""))
        .filter(|l| l.contains("get("));
    for route in gets.map(|l| l.split('"').next().unwrap()) {
        assert!(message.contains(&format!("GET {route}")), "{route}: {message}");
    }
}

async fn get(app: &Router, path: &str) -> axum::response::Response {
    app.clone().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap()
}

#[tokio::test]
async fn limits_are_the_engines_and_the_servers() {
    let (status, body, ctype) = send(&app(), Request::get("/api/limits").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["max_time_ms"], 60_000);
    assert_eq!(
        v["dots"],
        json!({
            "levels": ["random", "greedy", "basic", "strong"],
            "max_side": 64,
            "page_max_side": 10,
            "max_lines": 128,
            "search_max_lines": 2112,
            "exact_share": 0.5,
            "exact_lines": 36,
            "free_solve_lines": 24
        })
    );
    assert_eq!(v["slither"]["max_side"], 100);
    assert_eq!(v["slither"]["generate_attempts"], 200);
    assert_eq!(v["slither"]["generate_min_side"], 2);
    assert_eq!(v["slither"]["editor_max_side"], 30);
    assert_eq!(
        v["slither"]["levels"],
        json!(["easy", "normal", "tricky", "hard", "expert", "trial-1", "trial-2"])
    );
    assert_eq!(
        v["slither"]["generate"],
        json!([
            { "difficulty": "easy", "max_side": 50 },
            { "difficulty": "normal", "max_side": 50 },
            { "difficulty": "tricky", "max_side": 40 },
            { "difficulty": "hard", "max_side": 40 },
            { "difficulty": "expert", "max_side": 35 },
            { "difficulty": "trial-1", "max_side": 30 },
            { "difficulty": "trial-2", "max_side": 10 },
        ])
    );
    assert_eq!(v["walls"], json!({ "max_side": 32 }));
    assert_eq!(
        v["islands"],
        json!({
            "max_side": 30,
            "levels": ["random", "greedy", "strong"],
            "presets": [
                { "name": "small", "n": 5, "min": 1, "max": 5 },
                { "name": "medium", "n": 15, "min": 5, "max": 10 },
                { "name": "large", "n": 30, "min": 10, "max": 20 },
            ],
        })
    );
    // The server's own time limit is the configured one.
    let mut config = Config::default();
    config.max_time = Duration::from_secs(5);
    let short = router(config);
    let (_, body, _) = send(&short, Request::get("/api/limits").body(Body::empty()).unwrap()).await;
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["max_time_ms"], 5000);
    // Each limit is the one the routes apply.
    let side = v["walls"]["max_side"].as_u64().unwrap();
    ok("/api/walls/analyze", json!({ "board": format!("1 {side}\n{}\n", ".".repeat(side as usize)) })).await;
    bad(
        "/api/walls/analyze",
        json!({ "board": format!("1 {}\n", side + 1) }),
        &format!("between 1 and {side}, got"),
    )
    .await;
    let square = |n: usize| format!("{n}\n{}", format!("{}#\n", "# ".repeat(n - 1)).repeat(n));
    ok("/api/islands/solve", json!({ "board": square(30) })).await;
    bad("/api/islands/solve", json!({ "board": square(31) }), "limit of 30x30").await;
    bad(
        "/api/slither/parse",
        json!({ "puzzle": format!("101 1\n{}", ".\n".repeat(101)) }),
        "limit of 100x100",
    )
    .await;
}

#[tokio::test]
async fn unknown_pages_are_an_html_404_and_trailing_slashes_redirect() {
    let app = app();
    for path in ["/nope", "/nope.html", "/a/b/c", "/404.html", "/dots/x", "//"] {
        let (status, body, ctype) = send(&app, Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(ctype.starts_with("text/html"), "{path}: {ctype}");
        let text = String::from_utf8(body).unwrap();
        assert!(text.contains("No such page") && text.contains(r#"href="/""#), "{path}: {text}");
    }
    for (path, to) in [
        ("/dots/", "/dots"),
        ("/slither//", "/slither"),
        ("/islands/?preset=small&seed=3", "/islands?preset=small&seed=3"),
        ("/style.css/", "/style.css"),
    ] {
        let resp = get(&app, path).await;
        assert_eq!(resp.status(), StatusCode::PERMANENT_REDIRECT, "{path}");
        assert_eq!(resp.headers()["location"], to, "{path}");
    }
    // API paths keep their JSON 404, and say what is wrong with a trailing slash.
    for (path, says) in
        [("/api/health/", "(API routes have no trailing slash)"), ("/api", "no API route /api")]
    {
        let (status, body, ctype) = send(&app, Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(ctype.starts_with("application/json"), "{path}: {ctype}");
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert!(v["error"].as_str().unwrap().contains(says), "{path}: {v}");
    }
}

#[tokio::test]
async fn soft_errors_come_as_data_with_the_real_status_in_a_header() {
    let app = app();
    let asking = |path: &str, body: &str| {
        Request::post(path).header("x-soft-errors", "1").body(Body::from(body.to_string())).unwrap()
    };
    let resp = app.clone().oneshot(asking("/api/walls/analyze", r#"{"board": "40 1\n"}"#)).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers()["x-error-status"], "400");
    let v: Value = serde_json::from_slice(&resp.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert!(v["error"].as_str().unwrap().contains("between 1 and 32, got 40"), "{v}");
    let big = format!("{{\"puzzle\": \"{}\"}}", "1".repeat(300 * 1024));
    let resp = app.clone().oneshot(asking("/api/slither/parse", &big)).await.unwrap();
    assert_eq!((resp.status(), &resp.headers()["x-error-status"]), (StatusCode::OK, &"413".parse().unwrap()));
    // Answers that are not about the input keep their status; success has no such header.
    let resp = app.clone().oneshot(asking("/api/nope", "{}")).await.unwrap();
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    let resp = app.clone().oneshot(asking("/api/walls/analyze", r#"{"board": "1 1\n.\n"}"#)).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(resp.headers().get("x-error-status").is_none());
    // Without the header, a 400 is a 400.
    bad("/api/walls/analyze", json!({ "board": "40 1\n" }), "between 1 and 32").await;
}

#[tokio::test]
async fn walls_samples_and_moves() {
    for (i, winner) in [(1, "Second"), (2, "First"), (3, "First")] {
        let v = ok("/api/walls/analyze", json!({ "board": example(&format!("walls/sample-{i}.in")) })).await;
        assert_eq!(v["mover_wins"], winner == "First", "sample {i}: {v}");
        assert_eq!(example(&format!("walls/sample-{i}.out")).trim(), winner);
    }
    let v = ok("/api/walls/analyze", json!({ "board": example("walls/sample-2.in") })).await;
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_moves"], json!([[1, 1]]));
    assert_eq!(v["parts"], json!([{ "top": 0, "left": 0, "bottom": 1, "right": 1, "grundy": 2 }]));
    assert_eq!(v["marked"], json!([[0, 0]]), "sample 2's X");
    // After the winning move the board is all walls: the other player has lost.
    let v =
        ok("/api/walls/analyze", json!({ "board": example("walls/sample-2.in"), "moves": [[1, 1]] })).await;
    assert_eq!(v["over"], true);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["walls"].as_array().unwrap().len(), 3);
    // The marked cell left walled in is no rectangle in play (it has no move, value 0).
    assert_eq!(v["parts"], json!([]), "{v}");
    assert_eq!(v["marked"], json!([[0, 0]]));
    // An empty 1x3 row after the middle move: two 1x1 parts of value 1 each.
    let v = ok("/api/walls/analyze", json!({ "board": "3 3\n...\n...\n...\n", "moves": [[1, 1]] })).await;
    assert_eq!(v["parts"].as_array().unwrap().len(), 4);
    bad(
        "/api/walls/analyze",
        json!({ "board": "2 2\nX.\n..\n", "moves": [[0, 0]] }),
        "moves[0]: cell (0, 0) is marked",
    )
    .await;
    bad("/api/walls/analyze", json!({ "board": "2 2\nX.\n.Q\n" }), "board: line 3, column 2: row 2 has 'Q'")
        .await;
    bad("/api/walls/analyze", json!({ "board": "40 1\n" }), "board").await;
}

#[tokio::test]
async fn dots_solve_gives_an_estimate_when_asked_and_the_fight_for_control() {
    // The empty 5x5 board cannot be solved in 600 ms: with `estimate`, the search answers.
    let v = ok(
        "/api/dots/solve",
        json!({ "rows": 5, "cols": 5, "time_ms": 600, "estimate": true, "moves": true, "explain": true }),
    )
    .await;
    assert_eq!(v["exact"], false, "{v}");
    assert!(v["value"].as_f64().unwrap().abs() <= 25.0);
    assert!(v["playouts"].as_u64().unwrap() > 0);
    assert!(v["bounds"][0].as_i64().unwrap() <= v["bounds"][1].as_i64().unwrap());
    assert_eq!(v["best"]["line"], v["moves"][0]["line"]);
    assert_eq!(v["exact_solve"]["missing"], "out-of-time", "{v}");
    assert_eq!(
        v["chains"]["mover_wants"], "even",
        "5x5: the first player wants an even number of long chains"
    );
    assert_eq!(v["chains"]["safe_lines"], 60);
    // Nimstring does not decide the empty 5x5 board in an eighth of 600 ms, and says so.
    let undecided = json!({ "missing": "out-of-time", "message": "not decided in the time given" });
    assert_eq!(v["wins_control"], undecided, "{v}");
    assert!(v["moves"].as_array().unwrap().iter().all(|m| m["wins_control"] == undecided), "{v}");
    // Not asked for: left out.
    let v = ok("/api/dots/solve", json!({ "rows": 2, "cols": 2 })).await;
    assert!(v.get("moves").is_none() && v.get("chains").is_none() && v.get("wins_control").is_none(), "{v}");
    // Without it, running out of time is still a 503 with the bounds.
    let (status, v) = post("/api/dots/solve", json!({ "rows": 5, "cols": 5, "time_ms": 300 })).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(v["error"].as_str().unwrap().contains("ran out of time with the value in"), "{v}");
    // The statement's endgame 2: its chains and loop, with their boxes.
    let v = ok(
        "/api/dots/solve",
        json!({ "position": "3 3\n111\n000\n010\n111\n1001\n1011\n1001\n", "explain": true }),
    )
    .await;
    assert_eq!(v["exact"], true);
    assert!(v["chains"]["components"].is_array(), "{v}");
    // The exact fight for control on the empty 2x2 board: every move loses it, and the first
    // player still wins by 2 (control is not worth its price on so small a board).
    let v = ok("/api/dots/solve", json!({ "rows": 2, "cols": 2, "moves": true, "explain": true })).await;
    assert_eq!((v["value"].as_i64(), v["wins_control"].as_bool()), (Some(2), Some(false)), "{v}");
    assert!(v["moves"].as_array().unwrap().iter().all(|m| m["wins_control"] == false), "{v}");
}

#[tokio::test]
async fn dots_solve_move_endgame() {
    let v = ok("/api/dots/solve", json!({ "rows": 2, "cols": 2, "moves": true })).await;
    assert_eq!(v["value"], 2);
    assert_eq!(v["exact"], true);
    assert_eq!(v["moves"].as_array().unwrap().len(), 12);
    let best = v["best"]["line"].as_u64().unwrap();
    let best_value =
        v["moves"].as_array().unwrap().iter().find(|m| m["line"] == best).unwrap()["value"].clone();
    assert_eq!(best_value, 2);
    // The same position three ways.
    let empty_lines = "0".repeat(12);
    let olympiad = "2 2\n00\n00\n00\n000\n000\n";
    for spec in [
        json!({ "lines": empty_lines, "rows": 2, "cols": 2 }),
        json!({ "position": olympiad }),
        json!({ "drawn": [], "rows": 2, "cols": 2 }),
    ] {
        assert_eq!(ok("/api/dots/solve", spec).await["value"], 2);
    }
    // A bigger board needs a budget; with a tiny one it runs out of time.
    bad("/api/dots/solve", json!({ "rows": 3, "cols": 4 }), "give `time_ms`").await;
    let (status, v) = post("/api/dots/solve", json!({ "rows": 4, "cols": 4, "time_ms": 50 })).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("work exceeded its time budget (50 ms)"), "{v}");

    for level in ["random", "greedy", "basic", "strong"] {
        let v = ok(
            "/api/dots/move",
            json!({ "rows": 2, "cols": 2, "drawn": [0, 1], "level": level, "time_ms": 200 }),
        )
        .await;
        let line = v["line"].as_u64().unwrap();
        assert!((2..12).contains(&line), "{level}: {v}");
    }
    // A box with three sides drawn: the strong engine takes it.
    let v =
        ok("/api/dots/move", json!({ "rows": 1, "cols": 1, "drawn": [0, 1, 2], "level": "strong" })).await;
    assert_eq!((v["line"].as_u64(), v["completes"].as_u64()), (Some(3), Some(1)));
    bad(
        "/api/dots/move",
        json!({ "rows": 1, "cols": 1, "drawn": [0, 1, 2, 3], "level": "strong" }),
        "game is over",
    )
    .await;
    bad(
        "/api/dots/move",
        json!({ "rows": 2, "cols": 2, "level": "genius" }),
        r#"unknown level "genius": expected random, greedy, basic or strong"#,
    )
    .await;
    bad(
        "/api/dots/move",
        json!({ "rows": 2, "cols": 2, "drawn": [12], "level": "greedy" }),
        "line 12 is not on a 2x2 board",
    )
    .await;

    let v = ok("/api/dots/endgame", json!({ "position": example("dots/endgame-1.in") })).await;
    assert_eq!(v["value"].to_string(), example("dots/endgame-1.out").trim());
    assert_eq!(v["chains"], json!([1, 2, 6]));
    let v = ok("/api/dots/endgame", json!({ "position": example("dots/endgame-2.in") })).await;
    assert_eq!(v["value"].to_string(), example("dots/endgame-2.out").trim());
    bad("/api/dots/endgame", json!({ "rows": 2, "cols": 2 }), "not a simple chains-and-loops endgame").await;
    bad("/api/dots/solve", json!({ "position": "2 2\n00\n" }), "position: ").await;
    bad("/api/dots/solve", json!({ "rows": 2 }), "give `position`").await;
    // A board too large for the solver: the engine's one message.
    let too_large = "the 8x8 board has 144 lines; the exact solver takes at most 128";
    bad("/api/dots/solve", json!({ "rows": 8, "cols": 8, "time_ms": 100 }), too_large).await;
}

/// `replay` plays a game by the engine's rule, names every line as the engine does (each name
/// read back by the engine is its line) and gives the position reached in the engine's text
/// forms, which `parse` reads back to the same lines: the page prints neither names nor texts.
#[tokio::test]
async fn dots_replay_names_every_line_and_gives_the_position_texts() {
    use pencilbox_dots::board::Line;
    use pencilbox_grid::{Dims, Edge};
    for (rows, cols) in [(1, 1), (2, 3), (3, 2), (4, 4)] {
        let dims = Dims::new(rows, cols).unwrap();
        let lines = dims.num_edges();
        // Every other line from the start, then a few moves; the game goes as the engine says.
        let start: Vec<usize> = (0..lines).step_by(3).collect();
        let moves: Vec<usize> = (0..lines).filter(|e| e % 3 != 0).take(4).collect();
        let v = ok("/api/dots/replay", json!({ "rows": rows, "cols": cols, "drawn": start, "moves": moves }))
            .await;
        let names: Vec<&str> = v["names"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
        assert_eq!(names.len(), lines, "{rows}x{cols}");
        for (e, name) in names.iter().enumerate() {
            let line: Line = name.parse().unwrap();
            assert_eq!(line.edge(dims).unwrap(), Edge(e), "{rows}x{cols}: {name}");
        }
        let drawn: Vec<usize> = v["lines"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .filter(|(_, o)| !o.is_null())
            .map(|(e, _)| e)
            .collect();
        for form in ["olympiad", "openspiel"] {
            let text = v["texts"][form].as_str().unwrap();
            let read =
                ok("/api/dots/parse", json!({ "text": text, "rows": rows, "cols": cols, "format": form }))
                    .await;
            assert_eq!(
                (read["rows"].as_u64(), read["cols"].as_u64()),
                (Some(rows as u64), Some(cols as u64))
            );
            assert_eq!(read["drawn"], json!(drawn), "{rows}x{cols}, {form}: {text}");
        }
        assert_eq!(v["texts"]["openspiel"].as_str().unwrap().len(), lines);
        assert!(v["texts"]["olympiad"].as_str().unwrap().starts_with(&format!("{rows} {cols}\n")));
    }
    // A 1x1 game: its four lines' names, and the texts once all are drawn.
    let v = ok("/api/dots/replay", json!({ "rows": 1, "cols": 1, "moves": [0, 1, 2, 3] })).await;
    assert_eq!(v["names"], json!(["h 0 0", "h 1 0", "v 0 0", "v 0 1"]));
    assert_eq!(v["texts"], json!({ "olympiad": "1 1\n1\n1\n11\n", "openspiel": "1111" }));
}

/// `parse` reads every form the engine reads, for the page's board or the square board a line
/// string fits, and names what is wrong otherwise; `position` in the other routes reads the same.
#[tokio::test]
async fn dots_parse_reads_every_form_and_says_what_is_wrong() {
    let one_by_two =
        json!({ "rows": 1, "cols": 2, "format": "olympiad", "drawn": [0, 2, 3, 4, 6], "lines": "1011101" });
    assert_eq!(ok("/api/dots/parse", json!({ "text": "1 2\n10\n11\n101\n" })).await, one_by_two);
    let v = ok("/api/dots/parse", json!({ "text": "1011 101", "rows": 1, "cols": 2, "format": "openspiel" }))
        .await;
    assert_eq!((v["lines"].clone(), v["format"].clone()), (json!("1011101"), json!("openspiel")));
    // A line string over several lines; one that fits no square board is read for the page's.
    let v = ok("/api/dots/parse", json!({ "text": "0000\n0000\n0000\n", "rows": 3, "cols": 3 })).await;
    assert_eq!((v["rows"].clone(), v["cols"].clone()), (json!(2), json!(2)));
    bad("/api/dots/parse", json!({ "text": "101110", "rows": 1, "cols": 2 }), "a 1x2 board has 7 lines")
        .await;
    bad("/api/dots/parse", json!({ "text": "101110" }), "fits no square board").await;
    // An olympiad text of 0s and 1s with sides of 1, 10 or 11 boxes is not a line string.
    let rows = |n: usize, w: usize| vec!["0".repeat(w); n].join("\n");
    let eleven = format!("11 11\n{}\n{}\n", rows(12, 11), rows(11, 12));
    let v = ok("/api/dots/parse", json!({ "text": eleven, "rows": 5, "cols": 5 })).await;
    assert_eq!((v["rows"].clone(), v["format"].clone()), (json!(11), json!("olympiad")));
    bad("/api/dots/parse", json!({ "text": "" }), "expected the number of rows N").await;
    bad("/api/dots/parse", json!({ "text": "1011101", "rows": 1 }), "`rows` and `cols` go together").await;
    bad("/api/dots/solve", json!({ "position": "1011101", "cols": 2 }), "`rows` and `cols` go together")
        .await;
    bad("/api/dots/solve", json!({ "lines": "1011101" }), "give `position`").await;
    bad("/api/dots/parse", json!({ "text": "1011101", "fromat": "openspiel" }), "unknown field").await;
    bad("/api/dots/parse", json!({ "text": "1011101", "format": "png" }), "png").await;
    // `position` elsewhere reads the same forms, for the given size when there is one.
    let picture = "+---+   +\n|       |\n+---+---+\n";
    let v = ok("/api/dots/solve", json!({ "position": picture })).await;
    assert_eq!(v["value"], json!(2));
    let v = ok("/api/dots/solve", json!({ "position": "1011101", "rows": 1, "cols": 2 })).await;
    assert_eq!(v["value"], json!(2));
    bad("/api/dots/solve", json!({ "position": picture, "rows": 2, "cols": 1 }), "not 2x1").await;
}

/// Beyond the solver, `solve` answers only the search's estimate: with `time_ms` and
/// `estimate`, over the whole range of bounds and with the moves the search looked at; without,
/// a 400 that says what to give.
#[tokio::test]
async fn dots_solve_beyond_the_solver_is_the_search_estimate() {
    bad("/api/dots/solve", json!({ "rows": 10, "cols": 10 }), "give `time_ms` and `estimate`").await;
    bad(
        "/api/dots/solve",
        json!({ "rows": 10, "cols": 10, "time_ms": 100 }),
        "give `time_ms` and `estimate`",
    )
    .await;
    let v = ok(
        "/api/dots/solve",
        json!({ "rows": 10, "cols": 10, "drawn": [0, 5], "moves": true, "explain": true, "time_ms": 200, "estimate": true }),
    )
    .await;
    assert_eq!(v["exact"], false, "{v}");
    assert_eq!(v["bounds"], json!([-100, 100]), "{v}");
    assert_eq!(v["nodes"], 0, "{v}");
    assert!(v["playouts"].as_u64().unwrap() >= 1, "{v}");
    let best = v["best"]["line"].as_u64().unwrap();
    assert!(best < 220 && best != 0 && best != 5, "{v}");
    let moves = v["moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["line"] == best), "{v}");
    assert_eq!(v["chains"]["safe_lines"], 218, "{v}");
    assert_eq!(v["wins_control"]["missing"], "too-large", "{v}");
    assert_eq!(v["exact_solve"]["missing"], "too-large", "{v}");
    // Beyond the search too (33x33): refused with both limits.
    bad(
        "/api/dots/solve",
        json!({ "rows": 33, "cols": 33, "time_ms": 100, "estimate": true }),
        "beyond the exact solver and the strong engine's search (at most 2112 lines)",
    )
    .await;
}

#[tokio::test]
async fn dots_moves_on_boards_beyond_the_solver() {
    // 10x10 (220 lines): every level answers a legal line; basic by chain rules, strong by its
    // search (safe lines are left).
    let dims = pencilbox_grid::Dims::new(10, 10).unwrap();
    let drawn: Vec<usize> = (0..220usize).filter(|e| e.is_multiple_of(3)).collect();
    let position =
        pencilbox_dots::board::Position::from_lines(dims, drawn.iter().map(|&e| pencilbox_grid::Edge(e)))
            .unwrap();
    for level in ["random", "greedy", "basic", "strong"] {
        let v = ok(
            "/api/dots/move",
            json!({ "rows": 10, "cols": 10, "drawn": drawn, "level": level, "time_ms": 200, "seed": 3 }),
        )
        .await;
        let line = v["line"].as_u64().unwrap() as usize;
        assert!(line < 220 && !line.is_multiple_of(3), "{level}: {v}");
        let expected = position.clone().play(pencilbox_grid::Edge(line)).unwrap().boxes_completed;
        assert_eq!(v["completes"].as_u64(), Some(u64::from(expected)), "{level}: {v}");
        if level == "basic" {
            assert!(["large-board", "forced"].contains(&v["reason"].as_str().unwrap()), "{level}: {v}");
        }
        if level == "strong" {
            assert!(["search", "forced"].contains(&v["reason"].as_str().unwrap()), "{level}: {v}");
        }
    }
    // The whole board by the line string, non-square, at the largest side: the search (451 lines).
    let v = ok(
        "/api/dots/move",
        json!({ "rows": 64, "cols": 3, "lines": "0".repeat(64 * 4 + 65 * 3), "level": "strong", "time_ms": 100 }),
    )
    .await;
    assert_eq!(v["reason"], "search", "{v}");
    // Beyond the search (64x64, 8,320 lines): the chain rules.
    let v = ok(
        "/api/dots/move",
        json!({ "rows": 64, "cols": 64, "lines": "0".repeat(2 * 64 * 65), "level": "strong", "time_ms": 100 }),
    )
    .await;
    assert_eq!(v["reason"], "large-board", "{v}");
    // Beyond 64 a side: refused with the board's limit.
    bad(
        "/api/dots/move",
        json!({ "rows": 65, "cols": 65, "level": "greedy" }),
        "board 65x65 is out of range: rows and columns must be between 1 and 64",
    )
    .await;
}

const THSL_URL: &str = "https://puzz.link/p?slither/6/5/g11bga18060216bc21c";

#[tokio::test]
async fn slither_parse_solve_generate() {
    let v = ok("/api/slither/parse", json!({ "puzzle": example("slither/thsl-1.in") })).await;
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(8), Some(8)));
    assert_eq!(v["clues"][0], json!([1, 0, 1, 1, 2, 2, 1, 3]));
    let again = ok("/api/slither/parse", json!({ "puzzle": v["url"] })).await;
    assert_eq!(again["clues"], v["clues"]);
    let loopy = ok("/api/slither/parse", json!({ "puzzle": v["loopy"] })).await;
    assert_eq!(loopy["clues"], v["clues"]);
    let url = ok("/api/slither/parse", json!({ "puzzle": THSL_URL })).await;
    assert_eq!((url["rows"].as_u64(), url["cols"].as_u64()), (Some(5), Some(6)));

    let v = ok("/api/slither/solve", json!({ "puzzle": example("slither/thsl-1.in") })).await;
    assert_eq!(v["verdict"], "unique");
    let p = pencilbox_slither::format::parse(&example("slither/thsl-1.in")).unwrap().puzzles.remove(0);
    let edges =
        v["edges"].as_array().unwrap().iter().map(|e| pencilbox_grid::Edge(e.as_u64().unwrap() as usize));
    let s = pencilbox_slither::Solution::from_edges(p.dims(), edges);
    assert_eq!(pencilbox_slither::format::picture(&p, &s), example("slither/thsl-1.out"));
    assert_eq!(ok("/api/slither/solve", json!({ "puzzle": "1 2\n. .\n" })).await["verdict"], "multiple");
    assert_eq!(ok("/api/slither/solve", json!({ "puzzle": "1 1\n1\n" })).await["verdict"], "none");

    let g =
        ok("/api/slither/generate", json!({ "rows": 5, "cols": 5, "difficulty": "tricky", "seed": 7 })).await;
    assert_eq!((g["seed"].as_u64(), g["difficulty"].as_str()), (Some(7), Some("tricky")));
    let g2 =
        ok("/api/slither/generate", json!({ "rows": 5, "cols": 5, "difficulty": "tricky", "seed": 7 })).await;
    assert_eq!(g, g2, "a seed reproduces the puzzle");
    assert_eq!(ok("/api/slither/solve", json!({ "puzzle": g["url"] })).await["verdict"], "unique");
    let graded = ok("/api/slither/grade", json!({ "puzzle": g["url"] })).await;
    assert_eq!((graded["verdict"].as_str(), graded["level"].as_str()), (Some("unique"), Some("tricky")));
    assert!(graded["score"].as_u64().unwrap() >= 1 && graded["steps"].as_u64().unwrap() >= 1);
    assert_eq!(
        ok("/api/slither/grade", json!({ "puzzle": "1 2\n. .\n" })).await,
        json!({ "verdict": "multiple", "level": null, "steps": null, "score": null })
    );
    assert_eq!(ok("/api/slither/grade", json!({ "puzzle": "1 1\n1\n" })).await["verdict"], "none");
    bad(
        "/api/slither/generate",
        json!({ "rows": 5, "cols": 5, "difficulty": "fiendish" }),
        r#"unknown level "fiendish": expected easy, normal, tricky, hard, expert or trial-N (N = 1, 2, ...)"#,
    )
    .await;
    bad(
        "/api/slither/generate",
        json!({ "rows": 5, "cols": 5, "difficulty": "trial-3" }),
        "the generator does not make trial-3 puzzles (it makes easy, normal, tricky, hard, expert, trial-1 or trial-2)",
    )
    .await;
    bad(
        "/api/slither/generate",
        json!({ "rows": 500, "cols": 5, "difficulty": "easy" }),
        "between 2 and 100",
    )
    .await;
    bad("/api/slither/parse", json!({ "puzzle": "2 2\n3 .\n" }), "puzzle: ").await;
    bad("/api/slither/parse", json!({ "puzzle": "101 1\n" }), "puzzle").await;
}

#[tokio::test]
async fn slither_check_finds_each_problem_and_hint_steps() {
    let d = pencilbox_grid::Dims::new(3, 3).unwrap();
    let puzzle = "3 3\n. . .\n. . .\n. . 0\n";
    let dot_edges = |r, c| d.dot_edges(pencilbox_grid::Dot::new(r, c)).map(|e| e.index()).collect::<Vec<_>>();
    let cell_edges = |r, c| d.cell_edges(pencilbox_grid::Cell::new(r, c)).map(|e| e.index()).to_vec();
    let check = |lines: Vec<usize>, crosses: Vec<usize>| async move {
        ok("/api/slither/check", json!({ "puzzle": puzzle, "lines": lines, "crosses": crosses })).await
    };
    let v = check(dot_edges(1, 1), vec![]).await;
    assert_eq!((v["verdict"].as_str(), &v["dots"]), (Some("crossing"), &json!([[1, 1]])));
    let v = check(dot_edges(1, 1)[..3].to_vec(), vec![]).await;
    assert_eq!(v["verdict"], "branch");
    let v = check(vec![cell_edges(2, 2)[0]], vec![]).await;
    assert_eq!((v["verdict"].as_str(), &v["cells"]), (Some("wrong_number"), &json!([[2, 2]])));
    let h00 = d.h_edge(0, 0).index();
    let others: Vec<usize> = dot_edges(0, 1).into_iter().filter(|&e| e != h00).collect();
    let v = check(vec![h00], others).await;
    assert_eq!((v["verdict"].as_str(), &v["edges"]), (Some("dead_end"), &json!([h00])));
    let mut two = cell_edges(0, 0);
    two.extend(cell_edges(0, 2));
    let v = check(two, vec![]).await;
    assert_eq!(v["verdict"], "several_loops");
    assert_eq!(v["edges"].as_array().unwrap().len(), 4);
    assert_eq!(check(vec![], vec![]).await["verdict"], "incomplete");
    let solved = check(cell_edges(0, 0), vec![]).await;
    assert_eq!(solved["verdict"], "solved", "{solved}");
    bad("/api/slither/check", json!({ "puzzle": puzzle, "lines": [0], "crosses": [0] }), "both").await;
    bad("/api/slither/check", json!({ "puzzle": puzzle, "lines": [24] }), "edge 24 is not on a 3x3 puzzle")
        .await;

    // Hints: the 0 crosses its four sides first.
    let v = ok("/api/slither/hint", json!({ "puzzle": puzzle })).await;
    assert_eq!((v["status"].as_str(), v["rule"].as_str()), (Some("step"), Some("1 zero")));
    let mut fixed: Vec<u64> =
        v["fixed"].as_array().unwrap().iter().map(|f| f["edge"].as_u64().unwrap()).collect();
    fixed.sort();
    let mut want: Vec<u64> = cell_edges(2, 2).into_iter().map(|e| e as u64).collect();
    want.sort();
    assert_eq!(fixed, want);
    let next = ok("/api/slither/hint", json!({ "puzzle": puzzle, "crosses": want })).await;
    assert_ne!(next["rule"], "1 zero", "a step already taken is not repeated: {next}");
    assert_eq!(ok("/api/slither/hint", json!({ "puzzle": "2 2\n. .\n. .\n" })).await["status"], "stuck");
    // A puzzle without a solution: no hint, whatever the marks (all crossed here).
    let none = json!({ "puzzle": "1 1\n0\n", "crosses": [0, 1, 2, 3] });
    assert_eq!(ok("/api/slither/hint", none).await["status"], "no_solution");
    let v = ok("/api/slither/hint", json!({ "puzzle": puzzle, "lines": [cell_edges(2, 2)[0]] })).await;
    assert_eq!(v["status"], "contradiction");
    // What breaks, in words and in place.
    assert_eq!(
        (v["text"].as_str(), &v["cells"]),
        (Some("the 0 at cell (2, 2) would have one line"), &json!([[2, 2]]))
    );
}

/// Hints from an empty board, applied as the page applies them, until `solved`: every hint
/// decides at least one edge not decided before, none repeats another, a step that only learns
/// facts comes before the step it leads to, a trial decides an edge when no rule does, and the
/// end is the solver's solution. The puzzle is a generated 5×5 `search` one.
#[tokio::test]
async fn slither_hints_always_decide_an_edge_until_solved() {
    let url = "https://puzz.link/p?slither/5/5/gbc51bg11ai3c";
    let (mut lines, mut crosses): (Vec<u64>, Vec<u64>) = (vec![], vec![]);
    let mut texts = std::collections::HashSet::new();
    let (mut facts_first, mut trials) = (0, 0);
    loop {
        let v = ok("/api/slither/hint", json!({ "puzzle": url, "lines": lines, "crosses": crosses })).await;
        if v["status"] == "solved" {
            break;
        }
        assert_eq!(v["status"], "step", "{v}");
        let fixed = v["fixed"].as_array().unwrap();
        assert!(!fixed.is_empty(), "{v}");
        for f in fixed {
            let e = f["edge"].as_u64().unwrap();
            assert!(!lines.contains(&e) && !crosses.contains(&e), "{v}");
            if f["state"] == "line" { lines.push(e) } else { crosses.push(e) }
        }
        assert!(texts.insert(v["text"].as_str().unwrap().to_string()), "a hint repeats: {v}");
        let steps = v["steps"].as_array().unwrap();
        let (last, before) = steps.split_last().unwrap();
        assert_eq!(
            (&last["fixed"], &last["rule"], last["depth"].as_u64()),
            (&v["fixed"], &v["rule"], v["depth"].as_u64())
        );
        for s in before {
            assert!(
                s["fixed"].as_array().unwrap().is_empty() && !s["learned"].as_array().unwrap().is_empty(),
                "{v}"
            );
        }
        facts_first += usize::from(!before.is_empty());
        if v["rule"] == "trial" {
            trials += 1;
            assert_eq!(v["depth"], 1);
            let text = v["text"].as_str().unwrap();
            assert!(
                text.contains("trial (depth 1): suppose the edge between dots ")
                    && text.ends_with("so it is a cross"),
                "{text}"
            );
            // The assumed edge is highlighted.
            assert!(v["edges"].as_array().unwrap().contains(&fixed[0]["edge"]), "{v}");
        }
    }
    assert!(facts_first > 0 && trials > 0, "facts first {facts_first}, trials {trials}");
    let solution = ok("/api/slither/solve", json!({ "puzzle": url })).await;
    lines.sort();
    assert_eq!(json!(lines), solution["edges"]);
}

#[tokio::test]
async fn islands_routes() {
    let g = ok("/api/islands/generate", json!({ "preset": "small", "seed": 7 })).await;
    assert_eq!((g["n"].as_u64(), g["status"].as_str()), (Some(5), Some("ongoing")));
    assert_eq!(g, ok("/api/islands/generate", json!({ "preset": "small", "seed": 7 })).await);
    // Seed 18 of `small` has no number at all: the page is offered the next board worth playing,
    // and told which seed made it.
    let g = ok("/api/islands/generate", json!({ "preset": "small", "seed": 18 })).await;
    let seed = g["seed"].as_u64().unwrap();
    assert!(seed > 18 && g["requested_seed"] == 18, "{g}");
    let params = pencilbox_islands::Preset::Small.params();
    let contest = |s: u64| pencilbox_islands::generate(params, &mut ChaCha8Rng::seed_from_u64(s)).unwrap();
    assert_eq!(contest(18).numbers().count(), 0);
    assert_eq!(
        g["board"].as_str(),
        Some(contest(seed).to_string().as_str()),
        "the contest board of that seed"
    );
    assert!(contest(seed).numbers().count() >= 3);
    let board = example("islands/statement-1.in");
    // The 1 at (1, 3) alone is legal; with its neighbour (a 3-region) it holds two numbers.
    assert_eq!(
        ok("/api/islands/legal", json!({ "board": board, "cells": [[1, 3]] })).await["reason"],
        Value::Null
    );
    let v = ok("/api/islands/legal", json!({ "board": board, "cells": [[1, 2], [1, 3], [0, 2]] })).await;
    assert_eq!(v["legal"], false);
    assert!(v["reason"].as_str().unwrap().contains("two or more numbers"), "{v}");
    let v = ok("/api/islands/legal", json!({ "board": board, "cells": [[9, 9]] })).await;
    assert!(v["reason"].as_str().unwrap().contains("off the 5x5 board"), "{v}");
    let v = ok("/api/islands/legal", json!({ "board": board, "cells": [[3, 0], [2, 0]] })).await;
    assert_eq!(v["legal"], true, "{v}");

    for level in ["random", "greedy", "strong"] {
        let v = ok("/api/islands/move", json!({ "board": board, "level": level, "time_ms": 300 })).await;
        let cells = v["cells"].as_array().unwrap();
        assert!(!cells.is_empty(), "{level}: {v}");
        let legal = ok("/api/islands/legal", json!({ "board": board, "cells": cells })).await;
        assert_eq!(legal["legal"], true, "{level}: {v}");
    }
    let s = ok("/api/islands/solve", json!({ "board": board })).await;
    let outcome = s["outcome"].as_str().unwrap();
    assert!(["Win", "Draw", "Loss"].contains(&outcome), "{s}");
    let over = ok("/api/islands/move", json!({ "board": "1\nB\n", "level": "greedy" })).await;
    assert_eq!((over["cells"].is_null(), over["after"]["status"].as_str()), (true, Some("draw")));
    bad(
        "/api/islands/generate",
        json!({ "preset": "huge" }),
        r#"unknown preset "huge": expected small, medium or large"#,
    )
    .await;
    bad(
        "/api/islands/move",
        json!({ "board": "1\n1\n", "level": "stong" }),
        "expected random, greedy or strong",
    )
    .await;
    bad("/api/islands/move", json!({ "board": board, "level": "x" }), "level").await;
    bad("/api/islands/solve", json!({ "board": "31\n" }), "board").await;
}

/// Every connected set of `k` unpainted cells of `board` holding `start`: the regions a brute
/// force puts to the engine's own check of a move.
fn connected_sets(
    board: &pencilbox_islands::Board,
    start: pencilbox_grid::Cell,
    k: usize,
) -> Vec<Vec<pencilbox_grid::Cell>> {
    use std::collections::BTreeSet;
    let dims = board.dims();
    let mut seen = BTreeSet::new();
    let mut stack = vec![BTreeSet::from([start])];
    let mut out = Vec::new();
    while let Some(set) = stack.pop() {
        if !seen.insert(set.clone()) {
            continue;
        }
        if set.len() == k {
            out.push(set.into_iter().collect());
            continue;
        }
        for &c in &set {
            for nb in dims.neighbours(c) {
                if board.get(nb) != pencilbox_islands::Square::Painted && !set.contains(&nb) {
                    let mut bigger = set.clone();
                    bigger.insert(nb);
                    stack.push(bigger);
                }
            }
        }
    }
    out
}

/// The live numbers and blocked cells a board's info gives (generate, move, legal's `after`)
/// against a brute force: a number is live exactly when some connected region of its size
/// holding it is a legal move by the engine's check; a cell is blocked exactly when it is
/// unpainted and a side neighbour is painted.
#[tokio::test]
async fn islands_live_numbers_are_those_with_a_legal_region() {
    use pencilbox_islands::{Board, RawMove, Square};
    let cells = |v: &Value| -> Vec<[u64; 2]> {
        let mut out: Vec<[u64; 2]> =
            v.as_array().unwrap().iter().map(|p| [p[0].as_u64().unwrap(), p[1].as_u64().unwrap()]).collect();
        out.sort();
        out
    };
    let check = |info: &Value, what: &str| {
        let board: Board = info["board"].as_str().unwrap().parse().unwrap();
        let dims = board.dims();
        let mut live = Vec::new();
        for (cell, k) in board.numbers() {
            let legal = connected_sets(&board, cell, k as usize).into_iter().any(|region| {
                let raw = RawMove { cells: region.iter().map(|c| (c.row as i64, c.col as i64)).collect() };
                raw.validate(&board).is_ok()
            });
            if legal {
                live.push([cell.row as u64, cell.col as u64]);
            }
        }
        let blocked: Vec<[u64; 2]> = dims
            .cells()
            .filter(|&c| {
                board.get(c) != Square::Painted
                    && dims.neighbours(c).any(|nb| board.get(nb) == Square::Painted)
            })
            .map(|c| [c.row as u64, c.col as u64])
            .collect();
        assert_eq!(cells(&info["live"]), live, "{what}: live numbers of {board}");
        assert_eq!(cells(&info["blocked"]), blocked, "{what}: blocked cells of {board}");
        (live.len(), board.numbers().count() - live.len())
    };
    let (mut numbers, mut dead) = (0, 0);
    for seed in 0..8 {
        let g = ok("/api/islands/generate", json!({ "preset": "small", "seed": seed })).await;
        let (l, d) = check(&g, &format!("seed {seed}"));
        (numbers, dead) = (numbers + l + d, dead + d);
        let mut board = g["board"].as_str().unwrap().to_string();
        for step in 0..3 {
            let m = ok("/api/islands/move", json!({ "board": board, "level": "random", "seed": step })).await;
            if m["cells"].is_null() {
                break;
            }
            // The same move put to the legal route: its `after` is the move's.
            let legal = ok("/api/islands/legal", json!({ "board": board, "cells": m["cells"] })).await;
            assert_eq!(legal["after"], m["after"], "seed {seed}, move {step}");
            let (l, d) = check(&m["after"], &format!("seed {seed}, after move {step}"));
            (numbers, dead) = (numbers + l + d, dead + d);
            board = m["after"]["board"].as_str().unwrap().to_string();
        }
    }
    assert!(numbers >= 40 && dead >= 5, "{numbers} numbers checked, {dead} dead: too few to mean much");
    let illegal = ok("/api/islands/legal", json!({ "board": "2\n1 #\n# #\n", "cells": [[0, 1]] })).await;
    assert_eq!(illegal["after"], Value::Null, "{illegal}");
}

#[tokio::test]
async fn bad_requests_are_400_with_a_reason_and_big_bodies_413() {
    let app = app();
    let (status, v) = post_raw(&app, "/api/walls/analyze", "{not json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("invalid JSON body: key must be a string at line 1 column 2"),
        "{v}"
    );
    let (status, v) = post_raw(&app, "/api/walls/analyze", "{}").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("missing field `board`"), "{v}");
    let (status, v) = post_raw(&app, "/api/walls/analyze", r#"{"board": 3}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("invalid type"), "{v}");
    let (status, v) = post_raw(&app, "/api/walls/analyze", r#"{"board": "1 1\n.\n", "colour": 1}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("unknown field `colour`"), "{v}");
    let big = format!("{{\"puzzle\": \"{}\"}}", "1".repeat(300 * 1024));
    let (status, v) = post_raw(&app, "/api/slither/parse", big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(v["error"].as_str().unwrap().contains("too large"), "{v}");
    bad(
        "/api/dots/solve",
        json!({ "rows": 2, "cols": 2, "time_ms": 10_000_000 }),
        "above the server's limit",
    )
    .await;
}

/// Every POST route (read from the router's source, so that a new route is checked too) refuses
/// a field it does not know, naming it: a misspelt option is never silently ignored.
#[tokio::test]
async fn every_route_refuses_unknown_fields() {
    let source = include_str!("../src/lib.rs");
    let routes: Vec<&str> = source
        .lines()
        .filter_map(|l| l.trim().strip_prefix(".route(\""))
        .filter(|l| l.contains("post("))
        .map(|l| l.split('"').next().unwrap())
        .collect();
    assert!(routes.len() >= 15, "{routes:?}");
    let app = app();
    for route in routes {
        let (status, v) = post_raw(&app, route, r#"{"colour": 1}"#).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{route}: {v}");
        assert!(v["error"].as_str().unwrap().contains("unknown field `colour`"), "{route}: {v}");
    }
    // A position route names its own fields and the position's apart.
    let (_, v) = post_raw(&app, "/api/dots/solve", r#"{"rows": 2, "cols": 2, "explian": true}"#).await;
    assert!(v["error"].as_str().unwrap().contains("unknown field `explian`, expected one of"), "{v}");
}

#[tokio::test]
async fn slither_solve_of_a_hard_big_puzzle_stops_at_its_budget() {
    // A blank 60x60 board has a vast number of loops: proving uniqueness never ends, but the
    // first two solutions come at once; with a budget of 1 ms the solver still answers itself
    // (the backstop is off), either "multiple" or out of time.
    let app = app_without_backstop();
    let blank = format!("60 60\n{}", format!("{}\n", ". ".repeat(60)).repeat(60));
    let (status, v) =
        post_raw(&app, "/api/slither/solve", json!({ "puzzle": blank, "time_ms": 1 }).to_string()).await;
    match status {
        StatusCode::OK => assert_eq!(v["verdict"], "multiple", "{v}"),
        StatusCode::SERVICE_UNAVAILABLE => assert_eq!(v["error"], "work exceeded its time budget (1 ms)"),
        _ => panic!("{status} {v}"),
    }
    let (status, v) = post_raw(
        &app,
        "/api/slither/generate",
        json!({ "rows": 100, "cols": 100, "difficulty": "trial-2", "time_ms": 100 }).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(v["error"], "work exceeded its time budget (100 ms)");
}

#[tokio::test]
async fn random_json_bodies_never_500_nor_hang() {
    use rand::{Rng, SeedableRng};
    // Without the backstop every answer comes from a handler that kept to its budget.
    let app = app_without_backstop();
    let routes = [
        "/api/walls/analyze",
        "/api/dots/solve",
        "/api/dots/move",
        "/api/dots/endgame",
        "/api/dots/parse",
        "/api/dots/replay",
        "/api/slither/parse",
        "/api/slither/solve",
        "/api/slither/check",
        "/api/slither/hint",
        "/api/slither/grade",
        "/api/slither/generate",
        "/api/slither/analyze",
        "/api/islands/generate",
        "/api/islands/move",
        "/api/islands/legal",
        "/api/islands/solve",
    ];
    let keys = [
        "text",
        "format",
        "board",
        "moves",
        "position",
        "lines",
        "drawn",
        "rows",
        "cols",
        "level",
        "time_ms",
        "seed",
        "puzzle",
        "crosses",
        "difficulty",
        "preset",
        "cells",
        "clues",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let value = |rng: &mut ChaCha8Rng| -> Value {
        match rng.random_range(0..9) {
            0 => json!(rng.random_range(-3i64..40)),
            1 => json!(
                [
                    "2 2\n..\n..\n",
                    "1 1\n0\n",
                    "3\n1 # 1\n# # #\n# # #\n",
                    "",
                    "strong",
                    "basic",
                    "tricky",
                    "small",
                    "0000",
                    "p?slither/2/2/dd"
                ][rng.random_range(0..10)]
            ),
            2 => json!([rng.random_range(0..30), rng.random_range(0..30)]),
            3 => json!([[rng.random_range(0..4), rng.random_range(0..4)], [0, 1]]),
            4 => Value::Null,
            5 => json!(true),
            6 => json!(u64::MAX),
            7 => json!(rng.random_range(1u64..50)),
            _ => json!({ "x": [] }),
        }
    };
    for i in 0..400 {
        let route = routes[i % routes.len()];
        let mut obj = serde_json::Map::new();
        for _ in 0..rng.random_range(0..5) {
            let k = keys[rng.random_range(0..keys.len())];
            obj.insert(k.to_string(), value(&mut rng));
        }
        // Keep every request cheap: the point is robustness, not solving.
        obj.insert("time_ms".into(), json!(rng.random_range(1u64..50)));
        if route.ends_with("generate")
            || route.ends_with("parse")
            || route.ends_with("check")
            || route.ends_with("legal")
            || route.ends_with("endgame")
        {
            obj.remove("time_ms");
            if route == "/api/slither/generate" {
                obj.insert("time_ms".into(), json!(20));
            }
        }
        let body = Value::Object(obj).to_string();
        let (status, v) = post_raw(&app, route, body.clone()).await;
        assert!(status != StatusCode::INTERNAL_SERVER_ERROR, "{route} {body}: {v}");
        assert!(v.get("error").is_some() || status == StatusCode::OK, "{route} {body}: {v}");
    }
}

#[tokio::test]
async fn dots_endgame_lists_each_component_with_its_boxes() {
    // endgame-1: chains of 1, 2 and 6 boxes (value -5).
    let v = ok("/api/dots/endgame", json!({ "position": example("dots/endgame-1.in") })).await;
    let parts = v["components"].as_array().unwrap();
    let summary: Vec<(&str, u64, usize)> = parts
        .iter()
        .map(|c| {
            (c["kind"].as_str().unwrap(), c["length"].as_u64().unwrap(), c["boxes"].as_array().unwrap().len())
        })
        .collect();
    assert_eq!(summary, [("chain", 1, 1), ("chain", 2, 2), ("chain", 6, 6)]);
    // Every unclaimed box of the 3x3 board lies in exactly one component.
    let mut boxes: Vec<Value> = parts.iter().flat_map(|c| c["boxes"].as_array().unwrap().clone()).collect();
    boxes.sort_by_key(|b| (b[0].as_u64(), b[1].as_u64()));
    boxes.dedup();
    assert_eq!(boxes.len(), 9);
    // A 2x2 board with the outer ring drawn leaves the inner cross: one loop of the 4 boxes,
    // walked in order around it.
    let v =
        ok("/api/dots/endgame", json!({ "rows": 2, "cols": 2, "drawn": [0, 1, 4, 5, 6, 8, 9, 11] })).await;
    assert_eq!((&v["chains"], &v["loops"], &v["value"]), (&json!([]), &json!([4]), &json!(-4)));
    assert_eq!(
        v["components"],
        json!([{ "kind": "loop", "length": 4, "boxes": [[0, 0], [1, 0], [1, 1], [0, 1]] }])
    );
    // With the inner cross drawn instead, each box keeps two border sides: four 1-chains.
    let v = ok("/api/dots/endgame", json!({ "rows": 2, "cols": 2, "drawn": [2, 3, 7, 10] })).await;
    assert_eq!(v["chains"], json!([1, 1, 1, 1]));
    let lengths: Vec<&Value> = v["components"].as_array().unwrap().iter().map(|c| &c["length"]).collect();
    assert_eq!(lengths, [&json!(1); 4]);
    // A 1x3 row with its long sides drawn: one chain of 3, walked from the left end.
    let v = ok("/api/dots/endgame", json!({ "rows": 1, "cols": 3, "drawn": [0, 1, 2, 3, 4, 5] })).await;
    assert_eq!(v["components"], json!([{ "kind": "chain", "length": 3, "boxes": [[0, 0], [0, 1], [0, 2]] }]));
}

#[tokio::test]
async fn slither_hint_names_marks_that_disagree_with_the_unique_solution() {
    let url = "https://puzz.link/p?slither/6/5/g11bga18060216bc21c";
    let solution = ok("/api/slither/solve", json!({ "puzzle": url })).await;
    assert_eq!(solution["verdict"], "unique");
    let on: Vec<u64> = solution["edges"].as_array().unwrap().iter().map(|e| e.as_u64().unwrap()).collect();
    assert!(on.contains(&0) && !on.contains(&6), "{on:?}");
    // A line off the loop and a cross on it: both named, nothing else.
    let v = ok("/api/slither/hint", json!({ "puzzle": url, "lines": [6, 1], "crosses": [0] })).await;
    assert_eq!(v["status"], "mistake", "{v}");
    assert_eq!(v["wrong"], json!([0, 6]));
    assert_eq!(v["at"], "2 of your marks disagree with the solution");
    // Right marks get a deduction step as before.
    let v = ok("/api/slither/hint", json!({ "puzzle": url, "lines": [0, 1] })).await;
    assert_eq!((v["status"].as_str(), &v["wrong"]), (Some("step"), &json!([])));
}

/// The edges of `loops[i]` of an analyze answer.
fn loop_edges(v: &Value, i: usize) -> std::collections::BTreeSet<u64> {
    v["loops"][i].as_array().unwrap().iter().map(|e| e.as_u64().unwrap()).collect()
}

#[tokio::test]
async fn slither_analyze_unique_gives_the_level_and_each_redundant_clue_checked_by_solve() {
    let v = ok("/api/slither/analyze", json!({ "puzzle": THSL_URL })).await;
    assert_eq!((v["verdict"].as_str(), v["complete"].as_bool()), (Some("unique"), Some(true)), "{v}");
    let p = pencilbox_slither::format::parse(THSL_URL).unwrap().puzzles.remove(0);
    assert_eq!(v["level"], pencilbox_slither::level::grade(&p, None).unwrap().level.to_string());
    assert_eq!((&v["url"], v["rows"].as_u64(), v["cols"].as_u64()), (&json!(THSL_URL), Some(5), Some(6)));
    let solved = ok("/api/slither/solve", json!({ "puzzle": THSL_URL })).await;
    assert_eq!(v["loops"], json!([solved["edges"]]));
    assert_eq!(
        (&v["unchecked"], &v["conflict"], &v["differing"], &v["add"]),
        (&json!([]), &json!([]), &json!([]), &Value::Null)
    );
    // The same puzzle as rows of clues: the same answer. Then each clue removed in turn.
    let clues = v["clues"].as_array().unwrap().clone();
    assert_eq!(ok("/api/slither/analyze", json!({ "clues": clues })).await, v);
    let mut redundant = Vec::new();
    for (r, row) in clues.iter().enumerate() {
        for (c, clue) in row.as_array().unwrap().iter().enumerate() {
            if clue.is_null() {
                continue;
            }
            let mut fewer = clues.clone();
            fewer[r][c] = Value::Null;
            let text = ok("/api/slither/analyze", json!({ "clues": fewer })).await["text"].clone();
            if ok("/api/slither/solve", json!({ "puzzle": text })).await["verdict"] == "unique" {
                redundant.push(json!([r, c]));
            }
        }
    }
    assert!(!redundant.is_empty());
    assert_eq!(v["redundant"], json!(redundant));
}

#[tokio::test]
async fn slither_analyze_several_and_none() {
    // Two 3s on a diagonal: two mirror loops, and no clue on the free cells tells them apart.
    let v = ok("/api/slither/analyze", json!({ "clues": [[3, null], [null, 3]] })).await;
    assert_eq!(
        (v["verdict"].as_str(), v["level"].is_null(), v["add"].is_null()),
        (Some("multiple"), true, true)
    );
    let differing: Vec<u64> = loop_edges(&v, 0).symmetric_difference(&loop_edges(&v, 1)).copied().collect();
    assert_eq!(v["differing"], json!(differing));
    // A blank 1x2 strip: the clue to add is met by the first loop only.
    let v = ok("/api/slither/analyze", json!({ "clues": [[null, null]] })).await;
    assert_eq!(v["add"], json!({ "cell": [0, 1], "clue": 3 }), "{v}");
    let mut with = v["clues"].clone();
    with[0][1] = json!(3);
    let first = ok("/api/slither/check", json!({ "puzzle": ok("/api/slither/analyze", json!({ "clues": with })).await["text"], "lines": v["loops"][0] })).await;
    assert_eq!(first["verdict"], "solved");
    // A 3 in the corner beside a 0: those two are the conflict, the far 1 is not.
    let v =
        ok("/api/slither/analyze", json!({ "clues": [[3, 0, null], [null, null, null], [null, null, 1]] }))
            .await;
    assert_eq!(
        (v["verdict"].as_str(), &v["conflict"], &v["minimal"]),
        (Some("none"), &json!([[0, 0], [0, 1]]), &json!(true))
    );
    assert_eq!((&v["loops"], &v["text"]), (&json!([]), &json!("3 3\n3 0 .\n. . .\n. . 1\n")));
}

#[tokio::test]
async fn slither_analyze_refuses_what_it_cannot_read_and_boards_over_the_editor_limit() {
    bad("/api/slither/analyze", json!({}), "either as `puzzle`").await;
    bad("/api/slither/analyze", json!({ "puzzle": "1 1\n0\n", "clues": [[0]] }), "either as `puzzle`").await;
    bad("/api/slither/analyze", json!({ "clues": [[0, 4]] }), "cell (0, 1) is 4; a clue is 0, 1, 2, 3").await;
    bad("/api/slither/analyze", json!({ "clues": [[0, "x"]] }), "cell (0, 1) is \"x\"").await;
    bad("/api/slither/analyze", json!({ "clues": [[0, 1], [2]] }), "row 1 has 1 cells, row 0 has 2").await;
    bad("/api/slither/analyze", json!({ "clues": [] }), "clues: 0 rows").await;
    bad("/api/slither/analyze", json!({ "puzzle": "2 2\n3 .\n" }), "puzzle: ").await;
    // The editor's limit from /api/limits: 30x30 is read, 31 rows are not.
    let blank = |rows: usize, cols: usize| json!({ "clues": vec![vec![Value::Null; cols]; rows] });
    let v = ok("/api/slither/analyze", blank(30, 30)).await;
    assert_eq!(v["verdict"], "multiple");
    bad("/api/slither/analyze", blank(31, 2), "larger than the workbench's limit of 30x30").await;
    // A question mark is no constraint and never part of a conflict: on a 1x2 strip a 0 leaves
    // only the loop round the other cell, which gives the 0 a line.
    let v = ok("/api/slither/analyze", json!({ "clues": [["?", 0]] })).await;
    assert_eq!((v["verdict"].as_str(), &v["conflict"]), (Some("none"), &json!([[0, 1]])));
    assert_eq!(v["clues"], json!([["?", 0]]));
}
