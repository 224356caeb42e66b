//! `pencilbox serve`: a local web app over the engines. This crate holds the HTTP side only: a
//! JSON API whose handlers validate their input, call the engines' public APIs off the async
//! executor with a deadline, and turn every failure into a JSON error; and the static pages,
//! embedded in the binary so that the app works offline, and a small HTML page for any other
//! path.
//!
//! Edges and cells use the grid crate's numbering everywhere: cells row-major; edges are the
//! horizontal ones row by row (`h(r, c)` joins dots `(r, c)` and `(r, c+1)`, number
//! `r * cols + c`), then the vertical ones row by row (`v(r, c)` joins `(r, c)` and `(r+1, c)`,
//! number `(rows + 1) * cols + r * (cols + 1) + c`), the OpenSpiel dots_and_boxes action order.
//! `docs/API.md` documents every route.

mod assets;
mod dots;
mod error;
#[cfg(test)]
mod gate;
mod islands;
mod limits;
mod slither;
mod walls;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

pub use error::ApiError;

/// Limits of the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Request bodies above this many bytes are refused with 413.
    pub max_body: usize,
    /// The largest time budget a request may ask for.
    pub max_time: Duration,
    /// How long the server waits beyond a request's budget for the engine to notice its
    /// deadline before answering "out of time" itself (the backstop).
    pub grace: Duration,
    /// At most this many engine jobs run at once; more get 503 "busy". A job abandoned by the
    /// backstop counts until it really ends, so ignored deadlines cannot pile up threads and
    /// memory.
    pub max_jobs: usize,
    /// Engine jobs running now.
    jobs: Arc<AtomicUsize>,
    /// Unit tests only: holds every engine job before its work until the test opens it.
    #[cfg(test)]
    gate: Option<Arc<gate::Gate>>,
}

impl Default for Config {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Config {
            max_body: 256 * 1024,
            max_time: Duration::from_secs(60),
            grace: Duration::from_millis(500),
            max_jobs: (2 * cores).max(4),
            jobs: Arc::new(AtomicUsize::new(0)),
            #[cfg(test)]
            gate: None,
        }
    }
}

/// Holds one of the [`Config::max_jobs`] places while an engine job runs.
#[derive(Debug)]
struct JobSlot(Arc<AtomicUsize>);

impl JobSlot {
    fn take(config: &Config) -> Option<JobSlot> {
        let taken = config
            .jobs
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < config.max_jobs).then_some(n + 1));
        taken.ok().map(|_| JobSlot(Arc::clone(&config.jobs)))
    }
}

impl Drop for JobSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Config {
    /// The budget of a request: `time_ms` if given (at most [`Config::max_time`]), else
    /// `default`.
    pub(crate) fn budget(&self, time_ms: Option<u64>, default: Duration) -> Result<Duration, ApiError> {
        match time_ms {
            None => Ok(default.min(self.max_time)),
            Some(0) => Err(ApiError::bad("time_ms must be at least 1")),
            Some(ms) if Duration::from_millis(ms) > self.max_time => Err(ApiError::bad(format!(
                "time_ms {ms} is above the server's limit of {} ms",
                self.max_time.as_millis()
            ))),
            Some(ms) => Ok(Duration::from_millis(ms)),
        }
    }
}

pub(crate) type Shared = Arc<Config>;

/// The whole app: the JSON API under `/api` and the embedded pages.
pub fn router(config: Config) -> Router {
    let limit = config.max_body;
    Router::new()
        .route("/api/health", get(health))
        .route("/api/limits", get(limits::limits))
        .route("/api/walls/analyze", post(walls::analyze))
        .route("/api/dots/solve", post(dots::solve))
        .route("/api/dots/move", post(dots::engine_move))
        .route("/api/dots/endgame", post(dots::endgame))
        .route("/api/dots/parse", post(dots::parse))
        .route("/api/dots/replay", post(dots::replay))
        .route("/api/slither/parse", post(slither::parse))
        .route("/api/slither/solve", post(slither::solve))
        .route("/api/slither/check", post(slither::check))
        .route("/api/slither/hint", post(slither::hint))
        .route("/api/slither/grade", post(slither::grade))
        .route("/api/slither/generate", post(slither::generate))
        .route("/api/slither/analyze", post(slither::analyze))
        .route("/api/islands/generate", post(islands::generate))
        .route("/api/islands/move", post(islands::engine_move))
        .route("/api/islands/legal", post(islands::legal))
        .route("/api/islands/solve", post(islands::solve))
        .route("/api/{*rest}", axum::routing::any(error::no_such_route))
        .merge(assets::routes())
        .fallback(assets::fallback)
        .method_not_allowed_fallback(error::wrong_method)
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn(error::soften))
        .with_state(Arc::new(config))
}

async fn health() -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }))
}

/// Serves the app on `addr` until `shutdown` completes; `on_bound` receives the actual address
/// (useful with port 0) once the listener is bound.
pub async fn serve(
    addr: SocketAddr,
    config: Config,
    on_bound: impl FnOnce(SocketAddr),
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    on_bound(listener.local_addr()?);
    axum::serve(listener, router(config)).with_graceful_shutdown(shutdown).await
}

/// Runs engine work on the blocking pool. `work` receives the deadline (now + `budget`) and
/// must pass it into the engine; if it has not answered `grace` after the deadline, the request
/// is answered with a time-out error anyway (the backstop). A panic becomes a 500 JSON error.
pub(crate) async fn run_engine<T: Send + 'static>(
    config: &Config,
    budget: Duration,
    work: impl FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    run_cancellable(config, budget, move |deadline, _| work(deadline)).await
}

/// Sets its flag when dropped. The server drops a request's future when its client goes away
/// (a page that no longer wants an analysis aborts its request), and with it this guard: the
/// engine work the request started sees the flag and stops, instead of keeping the cores busy
/// until its deadline (a 30 s analysis abandoned by a move slowed the engine's reply to it).
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// [`run_engine`] for work that can stop early: it also receives a flag that is set when the
/// request is dropped (its client went away), which it passes into the engine.
pub(crate) async fn run_cancellable<T: Send + 'static>(
    config: &Config,
    budget: Duration,
    work: impl FnOnce(Instant, Arc<AtomicBool>) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let cancel = Arc::new(AtomicBool::new(false));
    let _guard = CancelOnDrop(Arc::clone(&cancel));
    let slot = JobSlot::take(config).ok_or_else(|| ApiError {
        status: axum::http::StatusCode::SERVICE_UNAVAILABLE,
        message: format!("the server is busy ({} engine jobs running); try again shortly", config.max_jobs),
    })?;
    let deadline = Instant::now() + budget;
    #[cfg(test)]
    let gate = config.gate.clone();
    let task = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        #[cfg(test)]
        if let Some(gate) = gate {
            gate.pass();
        }
        work(deadline, cancel)
    });
    match tokio::time::timeout(budget + config.grace, task).await {
        Err(_) => Err(ApiError::out_of_time(budget)),
        Ok(Err(join)) => Err(ApiError::internal(if join.is_panic() {
            "the engine failed unexpectedly (a bug: please report the request)"
        } else {
            "the engine task was cancelled"
        })),
        Ok(Ok(result)) => result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use gate::Gate;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    fn quick() -> Config {
        Config { grace: Duration::from_millis(20), ..Config::default() }
    }

    /// Jobs held by a closed gate (see `gate.rs`), with room for `max_jobs` of them.
    fn gated(max_jobs: usize, grace: Duration) -> (Config, Arc<Gate>, gate::Held) {
        let (gate, held) = Gate::closed();
        (Config { max_jobs, grace, gate: Some(Arc::clone(&gate)), ..Config::default() }, gate, held)
    }

    #[tokio::test]
    async fn a_panic_in_the_engine_is_a_500_json_error() {
        let err = run_engine::<()>(&quick(), Duration::from_secs(30), |_| panic!("boom")).await.unwrap_err();
        assert_eq!(err.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(err.message.contains("failed unexpectedly"), "{err:?}");
    }

    #[tokio::test]
    async fn a_blocked_job_is_answered_by_the_backstop_and_keeps_its_place_until_it_ends() {
        let (config, _, held) = gated(1, Duration::from_millis(20));
        // The job cannot end while the gate is closed: only the backstop can answer.
        let err = run_engine(&config, Duration::from_millis(30), |_| Ok(())).await.unwrap_err();
        assert_eq!(err, ApiError::out_of_time(Duration::from_millis(30)));
        assert_eq!(err.message, "work exceeded its time budget (30 ms)");
        // The abandoned job still counts, so ignored deadlines cannot pile up threads.
        let busy = run_engine(&config, Duration::from_secs(1), |_| Ok(())).await.unwrap_err();
        assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(busy.message.contains("busy"), "{busy:?}");
        held.open();
        // Its place comes back when it really ends.
        while config.jobs.load(Ordering::Acquire) > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(run_engine(&config, Duration::from_secs(1), |_| Ok(2)).await, Ok(2));
    }

    /// A request dropped while its job runs (its client went away: the server drops the
    /// request's future) sets the job's cancel flag, which the engine checks; its place comes
    /// back when the job ends.
    #[tokio::test]
    async fn a_dropped_request_cancels_its_job() {
        let (config, gate, held) = gated(1, Duration::from_secs(3600));
        let (seen, cancelled) = std::sync::mpsc::channel();
        let request = {
            let config = config.clone();
            tokio::spawn(async move {
                run_cancellable(&config, Duration::from_secs(3600), move |_, cancel| {
                    seen.send(cancel.load(Ordering::Relaxed)).unwrap();
                    Ok(())
                })
                .await
            })
        };
        gate.entered().await;
        request.abort();
        assert!(request.await.unwrap_err().is_cancelled());
        held.open();
        let flag = tokio::task::spawn_blocking(move || cancelled.recv_timeout(Duration::from_secs(600)))
            .await
            .unwrap();
        assert_eq!(flag, Ok(true), "the job saw its request dropped");
        while config.jobs.load(Ordering::Acquire) > 0 {
            tokio::task::yield_now().await;
        }
        // A request that is answered leaves its job's flag alone while it runs.
        let flag =
            run_cancellable(&config, Duration::from_secs(1), |_, cancel| Ok(cancel.load(Ordering::Relaxed)))
                .await;
        assert_eq!(flag, Ok(false));
    }

    #[tokio::test]
    async fn jobs_beyond_the_cap_are_busy_and_places_come_back() {
        let (config, gate, held) = gated(1, Duration::from_millis(20));
        let slow = {
            let config = config.clone();
            tokio::spawn(async move { run_engine(&config, Duration::from_secs(60), |_| Ok(1)).await })
        };
        gate.entered().await;
        let busy = run_engine(&config, Duration::from_secs(1), |_| Ok(2)).await.unwrap_err();
        assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(busy.message.contains("busy"), "{busy:?}");
        held.open();
        assert_eq!(slow.await.unwrap(), Ok(1));
        assert_eq!(run_engine(&config, Duration::from_secs(1), |_| Ok(3)).await, Ok(3));
        // A panicking job gives its place back too.
        let _ = run_engine::<()>(&config, Duration::from_secs(1), |_| panic!("boom")).await;
        assert_eq!(run_engine(&config, Duration::from_secs(1), |_| Ok(4)).await, Ok(4));
    }

    /// One executor thread (the default test runtime): health answers on it while a real solve
    /// is known to be running.
    #[tokio::test]
    async fn a_running_solve_does_not_block_health() {
        // No backstop (a day of grace): the solve's answer can only come from the solver.
        let (config, gate, held) = gated(4, Duration::from_secs(24 * 3600));
        let app = router(config);
        let solve = tokio::spawn(
            app.clone().oneshot(
                Request::post("/api/dots/solve")
                    .body(Body::from(r#"{"rows": 4, "cols": 4, "time_ms": 100}"#))
                    .unwrap(),
            ),
        );
        gate.entered().await;
        let health = app.oneshot(Request::get("/api/health").body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(health.status(), StatusCode::OK);
        assert!(!solve.is_finished(), "the solve is held at the gate");
        held.open();
        let resp = solve.await.unwrap().unwrap();
        assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
        let body = resp.into_body().collect().await.unwrap().to_bytes();
        let message = serde_json::from_slice::<serde_json::Value>(&body).unwrap()["error"].to_string();
        // The solver's own out-of-time answer: it stopped at its deadline.
        assert!(
            message.contains(
                "work exceeded its time budget (100 ms); the exact solve ran out of time with the value in"
            ),
            "{message}"
        );
    }

    #[test]
    fn budgets_are_capped() {
        let c = Config::default();
        assert_eq!(c.budget(None, Duration::from_secs(3)), Ok(Duration::from_secs(3)));
        assert_eq!(c.budget(Some(250), Duration::from_secs(3)), Ok(Duration::from_millis(250)));
        assert!(c.budget(Some(0), Duration::from_secs(3)).is_err());
        assert!(c.budget(Some(60_001), Duration::from_secs(3)).is_err());
    }
}
