const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("GIT_HASH"), env!("GIT_DIRTY"), " ", env!("BUILD_DATE"), ")");

fn main() {
    if std::env::args().any(|a| a == "--version" || a == "-V") {
        println!("versioned-tool {VERSION}");
        return;
    }
    println!("hello from versioned-tool");
}
