//! `pencilbox serve`: runs the web app of `pencilbox-web` until Ctrl-C.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::process::{Command, ExitCode, Stdio};

use anyhow::Context;

pub const EXAMPLES: &str = "\
Examples:
  $ pencilbox serve
  http://127.0.0.1:8080/
  $ pencilbox serve --port 0 --open      # any free port, and open a browser on it

The first line of standard output is the address, once the server is listening (so scripts can
start it with --port 0 and read the port). Ctrl-C stops it after the requests in flight. The
API is documented in docs/API.md.";

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The address to listen on; the default keeps the app private to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port; 0 picks a free one (printed).
    #[arg(long, default_value_t = 8080, value_parser = crate::options::whole(0u16, "a port number"))]
    pub port: u16,
    /// Open the address in a browser (`xdg-open`, or `open` on macOS); where none can be
    /// started, standard error says so and the server runs on.
    #[arg(long)]
    pub open: bool,
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let addr = SocketAddr::new(args.host, args.port);
    let open = args.open;
    let announce = move |bound: SocketAddr| {
        let url = format!("http://{bound}/");
        println!("{url}");
        // Flushed at once: a script reading the port must not wait for a full buffer.
        let _ = std::io::stdout().flush();
        eprintln!("pencilbox: serving the web app; press Ctrl-C to stop");
        if open {
            open_browser(&url);
        }
    };
    let shutdown = async {
        // If the signal handler cannot be installed, run until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
        eprintln!("pencilbox: shutting down");
    };
    runtime
        .block_on(pencilbox_web::serve(addr, pencilbox_web::Config::default(), announce, shutdown))
        .with_context(|| format!("cannot serve on {addr}"))?;
    Ok(ExitCode::SUCCESS)
}

/// Opens `url` in a browser, without holding up the server: `open` on macOS, elsewhere
/// `xdg-open`, and only where there is a graphical display to show it on (a text browser
/// that `xdg-open` might fall back to cannot share the terminal with the server). When no
/// browser can be started, standard error says so, with the address to open by hand.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    let display =
        ["DISPLAY", "WAYLAND_DISPLAY"].iter().any(|v| std::env::var_os(v).is_some_and(|d| !d.is_empty()));
    if !cfg!(target_os = "macos") && !display {
        let why = "no graphical display to open a browser on (DISPLAY and WAYLAND_DISPLAY are unset)";
        return open_by_hand(why, url);
    }
    let child = Command::new(program)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match child {
        Err(e) => open_by_hand(&format!("cannot run {program}: {e}"), url),
        Ok(mut child) => {
            let url = url.to_string();
            // `xdg-open` tells whether a browser started only when it exits.
            std::thread::spawn(move || match child.wait() {
                Ok(status) if status.success() => {}
                Ok(status) => open_by_hand(&format!("{program} could not start a browser ({status})"), &url),
                Err(e) => open_by_hand(&format!("{program}: {e}"), &url),
            });
        }
    }
}

/// Says on standard error why no browser was opened, and what to open.
fn open_by_hand(why: &str, url: &str) {
    eprintln!("pencilbox: --open: {why}; open {url} in a browser");
}
