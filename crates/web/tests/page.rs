//! The page and its assets are built in, every module it imports is served, and the tournament
//! view reads only its directory.

mod common;

use axum::body::Body;
use axum::http::Request;
use common::{app, app_with, get};
use http_body_util::BodyExt;
use poda_web::assets::{ASSETS, INDEX};
use poda_web::limits::ServerLimits;
use std::collections::HashSet;
use tower::ServiceExt;

async fn fetch(app: &axum::Router, uri: &str) -> (u16, String, String) {
    let response = app
        .clone()
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8_lossy(&body).to_string())
}

/// The relative imports of an ES module (`from "./x.js"`), resolved against its folder.
fn imports(path: &str, text: &str) -> Vec<String> {
    let folder = path.rsplit_once('/').map_or("", |(f, _)| f);
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if !line.starts_with("import ") {
            continue;
        }
        let Some(start) = line.find("from \"") else {
            continue;
        };
        let target = &line[start + 6..line.rfind('"').unwrap()];
        let mut parts: Vec<&str> = if folder.is_empty() {
            Vec::new()
        } else {
            folder.split('/').collect()
        };
        for piece in target.split('/') {
            match piece {
                "." => {}
                ".." => {
                    parts.pop();
                }
                p => parts.push(p),
            }
        }
        out.push(parts.join("/"));
    }
    out
}

#[tokio::test]
async fn the_page_and_every_module_it_imports_are_served() {
    let app = app();
    let (status, kind, html) = fetch(&app, "/").await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/html"));
    assert_eq!(html, INDEX);
    assert!(html.contains("/assets/main.js"));
    let names: HashSet<&str> = ASSETS.iter().map(|(n, _)| *n).collect();
    let mut reached = HashSet::from(["main.js".to_string()]);
    let mut queue = vec!["main.js".to_string()];
    while let Some(path) = queue.pop() {
        let (status, kind, text) = fetch(&app, &format!("/assets/{path}")).await;
        assert_eq!(status, 200, "{path}");
        assert!(kind.starts_with("text/javascript"), "{path}: {kind}");
        for target in imports(&path, &text) {
            assert!(
                names.contains(target.as_str()),
                "{path} imports {target}, which is not built in"
            );
            if reached.insert(target.clone()) {
                queue.push(target);
            }
        }
    }
    for (name, _) in ASSETS {
        if name.ends_with(".js") {
            assert!(
                reached.contains(*name),
                "{name} is built in but no module imports it"
            );
        }
    }
    let (_, kind, _) = fetch(&app, "/assets/style.css").await;
    assert!(kind.starts_with("text/css"));
    let (status, _, _) = fetch(&app, "/assets/../Cargo.toml").await;
    assert_eq!(status, 404);
    let (status, _, _) = fetch(&app, "/assets/nothing.js").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn every_board_view_is_built_in() {
    for game in ["connect4", "desconecta", "hex", "kalah"] {
        let name = format!("boards/{game}.js");
        let text = ASSETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .unwrap();
        assert!(text.contains("export function draw"), "{name}");
        assert!(text.contains("export function names"), "{name}");
    }
}

fn write(dir: &std::path::Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

#[tokio::test]
async fn the_tournament_directory_is_read_and_nothing_else() {
    let (status, e) = get(&app(), "/api/tournament").await;
    assert_eq!(status.as_u16(), 404);
    assert!(e["error"].as_str().unwrap().contains("--tournament"));

    let dir = std::env::temp_dir().join(format!("poda-web-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    write(
        &dir,
        "tournament.json",
        r#"{"game":"connect4","agents":["random","greedy"],"games_per_pair":2,"opening_plies":2,"seed":1,"max_plies":null}"#,
    );
    write(
        &dir,
        "games.jsonl",
        "{\"index\":0,\"game\":\"connect4\",\"first\":\"random\",\"second\":\"greedy\",\"moves\":[\"4\",\"4\"],\"result\":\"0-1\"}\n{\"index\":1,\"game\":\"conn",
    );
    write(
        &dir,
        "ratings.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
    );
    let app = app_with(ServerLimits::default(), Some(dir.clone()));
    let (status, t) = get(&app, "/api/tournament").await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["tournament"]["agents"][1], "greedy");
    assert_eq!(t["games"].as_array().unwrap().len(), 1);
    assert_eq!(
        t["bad_lines"], 1,
        "the line cut short is skipped and counted"
    );
    assert!(t["report"].is_null());
    let (status, kind, svg) = fetch(&app, "/api/tournament/ratings.svg").await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert!(svg.starts_with("<svg"));
    let (_, limits) = get(&app, "/api/limits").await;
    assert_eq!(limits["tournament"], true);

    // A file that links outside the directory is not read.
    #[cfg(unix)]
    {
        std::fs::remove_file(dir.join("ratings.svg")).unwrap();
        std::os::unix::fs::symlink("/etc/hostname", dir.join("ratings.svg")).unwrap();
        let (status, _, text) = fetch(&app, "/api/tournament/ratings.svg").await;
        assert_eq!(status, 400, "{text}");
        assert!(text.contains("outside the tournament directory"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
