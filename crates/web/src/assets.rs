//! The static pages, embedded in the binary so the app works offline and needs no build step.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::Shared;

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/style.css");
const APP: &str = include_str!("../assets/app.js");
const ICON: &str = include_str!("../assets/favicon.svg");

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse + Clone {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
}

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX) }))
        .route("/index.html", get(|| async { asset("text/html; charset=utf-8", INDEX) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP) }))
        .route("/favicon.svg", get(|| async { asset("image/svg+xml", ICON) }))
}
