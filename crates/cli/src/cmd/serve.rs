//! `poda serve`: the web workbench (crates/web) on a local port.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use poda_web::limits::ServerLimits;
use poda_web::ServerConfig;
use std::net::ToSocketAddrs;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Show this `poda tournament` output directory (ratings, cross-table, every game).
    #[arg(long, value_name = "DIR")]
    pub tournament: Option<PathBuf>,
    /// Cap of move and analysis time (every search stops by then).
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub max_time: Duration,
    /// Searches running at once (more get a "busy" answer); default: one per core.
    #[arg(long)]
    pub max_searches: Option<usize>,
    /// Most nodes the explain panel traces per algorithm (a larger search is refused).
    #[arg(long, default_value_t = poda_web::limits::DEFAULT_MAX_EXPLAIN_NODES)]
    pub max_explain_nodes: usize,
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    poda_core::spec::parse_duration(text)
}

pub fn run(args: ServeArgs) -> Result<()> {
    if let Some(dir) = &args.tournament {
        if !dir.is_dir() {
            return Err(input::user(format!(
                "--tournament {}: not a directory (give the --out directory of `poda tournament`)",
                dir.display()
            )));
        }
    }
    if args.max_explain_nodes == 0 {
        return Err(input::user("--max-explain-nodes must be at least 1"));
    }
    if args.max_time.is_zero() {
        return Err(input::user("--max-time must be more than 0"));
    }
    let addr = (args.host.as_str(), args.port)
        .to_socket_addrs()
        .map_err(|e| input::bad(&format!("--host {}", args.host), e))?
        .next()
        .ok_or_else(|| input::user(format!("--host {}: no address", args.host)))?;
    let mut limits = ServerLimits {
        max_time: args.max_time,
        max_explain_nodes: args.max_explain_nodes,
        ..ServerLimits::default()
    };
    limits.default_analysis_time = limits.default_analysis_time.min(args.max_time);
    if let Some(n) = args.max_searches {
        limits.max_searches = n.max(1);
    }
    let config = ServerConfig {
        limits,
        tournament: args.tournament.clone(),
    };
    let runtime = tokio::runtime::Runtime::new().context("starting the server's runtime")?;
    let open = args.open;
    runtime
        .block_on(poda_web::serve(addr, config, |bound| {
            let url = format!("http://{bound}/");
            println!("poda serve: open {url}  (Ctrl-C stops the server)");
            if open {
                open_browser(&url);
            }
        }))
        .map_err(|e| input::bad(&format!("cannot serve on {addr}"), e))
}

/// Best effort: the desktop's opener; the URL is printed either way.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("poda serve: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
