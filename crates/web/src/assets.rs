//! The static pages, embedded in the binary so the app works offline and needs no build step:
//! plain HTML, CSS and JavaScript modules drawing SVG boards.

use axum::Router;
use axum::extract::Path;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

use crate::Shared;

/// One embedded file: its URL path (without the leading `/`) and its body.
struct Asset {
    path: &'static str,
    body: &'static str,
}

macro_rules! assets {
    ($($path:literal),* $(,)?) => {
        &[$(Asset { path: $path, body: include_str!(concat!("../assets/", $path)) }),*]
    };
}

/// Every file under `assets/` that the pages use.
const ASSETS: &[Asset] = assets![
    "index.html",
    "style.css",
    "common.js",
    "app.js",
    "favicon.svg",
    "dots.html",
    "dots.js",
    "dots-game.js",
    "dots-board.js",
    "dots-engine.js",
    "dots-analysis.js",
    "dots-address.js",
    "slither.html",
    "slither.js",
    "slither-board.js",
    "slither-play.js",
    "slither-hint.js",
    "slither-save.js",
    "slither-edit.js",
    "islands.html",
    "islands.js",
    "islands-state.js",
    "islands-board.js",
    "islands-region.js",
    "islands-engine.js",
    "islands-solve.js",
    "islands-address.js",
    "walls.html",
    "walls.js",
];

/// The game pages, also reachable without `.html` (`/dots` is `dots.html`).
const PAGES: &[&str] = &["dots", "slither", "islands", "walls"];

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

fn find(path: &str) -> Option<&'static Asset> {
    let path = match path {
        "" => "index.html",
        page if PAGES.contains(&page) => {
            return ASSETS.iter().find(|a| a.path.strip_suffix(".html") == Some(page));
        }
        other => other,
    };
    ASSETS.iter().find(|a| a.path == path)
}

/// The page answered, with status 404, for any path that is neither a file, a page nor an API
/// route. Not in [`ASSETS`]: `/404.html` is not found either.
const NOT_FOUND: &str = include_str!("../assets/404.html");

fn respond(asset: &Asset) -> Response {
    ([(header::CONTENT_TYPE, content_type(asset.path)), (header::CACHE_CONTROL, "no-cache")], asset.body)
        .into_response()
}

fn not_found_page() -> Response {
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], NOT_FOUND).into_response()
}

/// Every path no route takes: a page or file with trailing slashes (`/dots/`) is redirected to
/// its address without them, keeping the query; `/api` paths get the API's JSON 404; the rest
/// the HTML 404 page.
pub async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return crate::error::no_such_route(uri).await.into_response();
    }
    let bare = path.trim_end_matches('/');
    let readable = method == Method::GET || method == Method::HEAD;
    if readable && bare.len() < path.len() && !bare.is_empty() && find(&bare[1..]).is_some() {
        let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
        return Redirect::permanent(&format!("{bare}{query}")).into_response();
    }
    not_found_page()
}

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/", get(|uri: Uri| serve(String::new(), uri)))
        .route("/{file}", get(|Path(file): Path<String>, uri: Uri| serve(file, uri)))
}

/// The file or page `file` (`""` is the home page), else what [`fallback`] answers.
async fn serve(file: String, uri: Uri) -> Response {
    match find(&file) {
        Some(asset) => respond(asset),
        None => fallback(Method::GET, uri).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_and_its_module_are_embedded() {
        for page in PAGES {
            assert!(find(page).is_some(), "{page}");
            let html = find(&format!("{page}.html")).unwrap().body;
            let module = format!("/{page}.js");
            assert!(html.contains(&module), "{page}.html does not load {module}");
            assert!(find(&format!("{page}.js")).is_some(), "{page}.js");
        }
        assert_eq!(find("").unwrap().path, "index.html");
        assert!(find("nope.html").is_none());
        assert!(find("../Cargo.toml").is_none());
    }

    #[test]
    fn every_local_module_import_is_embedded() {
        // A page that imports a module we do not serve would break only in the browser.
        for asset in ASSETS.iter().filter(|a| a.path.ends_with(".js") || a.path.ends_with(".html")) {
            for piece in asset.body.split(['\'', '"']).filter(|s| s.starts_with("./") || s.starts_with('/')) {
                let name = piece.trim_start_matches("./").trim_start_matches('/');
                let looks_like_file =
                    name.ends_with(".js") || name.ends_with(".css") || name.ends_with(".svg");
                if looks_like_file {
                    assert!(find(name).is_some(), "{} refers to {piece}, which is not embedded", asset.path);
                }
            }
        }
    }
}
