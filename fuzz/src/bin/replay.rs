//! The fuzz targets on stable Rust, without libFuzzer: each target runs over its committed
//! seeds (`seeds/NAME/`), then over random inputs and seeds changed by small edits
//! ([`poda_fuzz::mutate`]), with libFuzzer's contract: an input fails if it panics (even a
//! panic caught inside a protocol loop) or runs longer than the time limit (a session, whose
//! target checks each answer's time, gets a second more for each 64 KiB of input). A failing input is
//! saved under `artifacts/NAME/` and the run exits with status 1 (an input that aborts the
//! process, such as a stack overflow, is left in `poda-fuzz-last-input-NAME` in the scratch
//! directory, /dev/shm where it exists).
//!
//! `cargo run --release --no-default-features --bin replay -- --help` (from `fuzz/`).

use poda_fuzz::mutate::{parse_dict, Mutator};
use poda_fuzz::targets::{Target, ALL, SESSIONS};
use std::panic;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const HELP: &str = "\
replay: poda's fuzz targets on stable Rust (seeds, then random and mutated inputs)

Usage: replay [OPTIONS] [TARGET...]    (no TARGET: all of them)

Options:
  --inputs N        generated inputs per target after the seeds [default: 10000]
  --seed S          seed of the generated inputs [default: 1]
  --timeout-ms MS   longest time one input may take [default: 1000]
  --list            list the targets and stop
  -h, --help        this help";

/// Panics seen so far (the hook counts those a protocol loop catches, too) and the last one.
static PANICS: AtomicUsize = AtomicUsize::new(0);
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

struct Options {
    inputs: u64,
    seed: u64,
    timeout: Duration,
    targets: Vec<(&'static str, Target)>,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        inputs: 10_000,
        seed: 1,
        timeout: Duration::from_secs(1),
        targets: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let v = args.next().ok_or(format!("{name} needs a value"))?;
            v.parse()
                .map_err(|_| format!("{name}: '{v}' is not a number"))
        };
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                std::process::exit(0);
            }
            "--list" => {
                for (name, _) in ALL {
                    println!("{name}");
                }
                std::process::exit(0);
            }
            "--inputs" => options.inputs = value("--inputs")?,
            "--seed" => options.seed = value("--seed")?,
            "--timeout-ms" => options.timeout = Duration::from_millis(value("--timeout-ms")?),
            name => {
                let target = ALL
                    .iter()
                    .find(|(n, _)| *n == name)
                    .ok_or(format!("unknown target '{name}' (--list lists them)"))?;
                options.targets.push(*target);
            }
        }
    }
    if options.targets.is_empty() {
        options.targets = ALL.to_vec();
    }
    Ok(options)
}

/// Where the input under test is left, in case it aborts the process.
fn last_input(target: &str) -> PathBuf {
    poda_fuzz::targets::scratch_root().join(format!("poda-fuzz-last-input-{target}"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files of a directory, sorted by name (none if it is missing).
fn read_dir_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            std::fs::read(e.path()).ok().map(|b| (name, b))
        })
        .collect();
    files.sort();
    files
}

/// FNV-1a, to name a saved input.
fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

fn save(target: &str, kind: &str, data: &[u8]) -> PathBuf {
    let dir = root().join("artifacts").join(target);
    let path = dir.join(format!("{kind}-{:016x}", fnv(data)));
    if std::fs::create_dir_all(&dir)
        .and_then(|_| std::fs::write(&path, data))
        .is_err()
    {
        eprintln!("could not save the input to {}", path.display());
    }
    path
}

/// A target on a thread of its own (the main thread keeps the clock): inputs in, the number
/// of panics seen after each out.
struct Runner {
    inputs: mpsc::Sender<Vec<u8>>,
    done: mpsc::Receiver<usize>,
}

impl Runner {
    fn new(target: Target) -> Runner {
        let (inputs, input_rx) = mpsc::channel::<Vec<u8>>();
        let (done_tx, done) = mpsc::channel();
        std::thread::Builder::new()
            .name("target".into())
            // The stack of a main thread, where the commands run.
            .stack_size(8 << 20)
            .spawn(move || {
                for data in input_rx {
                    let _ = panic::catch_unwind(|| target(&data));
                    if done_tx.send(PANICS.load(Ordering::SeqCst)).is_err() {
                        return;
                    }
                }
            })
            .expect("a thread for the target");
        Runner { inputs, done }
    }
}

/// Runs one target; returns whether every input passed.
fn run_target(name: &str, target: Target, options: &Options) -> bool {
    let seeds: Vec<Vec<u8>> = read_dir_files(&root().join("seeds").join(name))
        .into_iter()
        .map(|(_, b)| b)
        .collect();
    let dict = std::fs::read_to_string(root().join("dicts").join(format!("{name}.dict")))
        .map(|t| parse_dict(&t))
        .unwrap_or_default();
    let mut mutator = Mutator::new(options.seed, seeds.clone(), dict);
    let runner = Runner::new(target);
    let last = last_input(name);
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut panics = PANICS.load(Ordering::SeqCst);
    let total = seeds.len() as u64 + options.inputs;
    for i in 0..total {
        let data = match seeds.get(i as usize) {
            Some(s) => s.clone(),
            None => mutator.next_input(),
        };
        // An input that aborts the process (a stack overflow, no memory) cannot be saved
        // afterwards: it is left here.
        let _ = std::fs::write(&last, &data);
        let t0 = Instant::now();
        // A session (many messages, each checked by the target) gets a second more for each
        // 64 KiB.
        let limit = match SESSIONS.contains(&name) {
            true => options.timeout * (1 + (data.len() >> 16) as u32),
            false => options.timeout,
        };
        runner
            .inputs
            .send(data.clone())
            .expect("the target thread is alive");
        match runner.done.recv_timeout(limit) {
            Ok(seen) => {
                slowest = slowest.max(t0.elapsed());
                if seen != panics {
                    let path = save(name, "crash", &data);
                    let message = LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default();
                    eprintln!(
                        "{name}: input {i} panicked: {message}\n  saved: {}",
                        path.display()
                    );
                    return false;
                }
                panics = seen;
            }
            Err(_) => {
                let path = save(name, "timeout", &data);
                eprintln!(
                    "{name}: input {i} ran longer than {} ms\n  saved: {}",
                    limit.as_millis(),
                    path.display()
                );
                // The thread cannot be stopped: end the run here.
                std::process::exit(1);
            }
        }
    }
    let _ = std::fs::remove_file(&last);
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{name:<18} {:>5} seeds + {:>8} generated, {:>7.1} s, {:>8.0} inputs/s, slowest {:.1} ms",
        seeds.len(),
        options.inputs,
        elapsed,
        total as f64 / elapsed.max(1e-9),
        slowest.as_secs_f64() * 1e3
    );
    true
}

fn main() {
    let options = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("replay: {e}");
            std::process::exit(2);
        }
    };
    panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = info.to_string();
        }
        PANICS.fetch_add(1, Ordering::SeqCst);
    }));
    println!(
        "(an input that aborts the process is left in {})",
        last_input("NAME").display()
    );
    let mut failed = Vec::new();
    for &(name, target) in &options.targets {
        if !run_target(name, target, &options) {
            failed.push(name);
        }
    }
    if !failed.is_empty() {
        eprintln!("replay: failing targets: {}", failed.join(", "));
        std::process::exit(1);
    }
}
