#!/usr/bin/env swift
// notify.swift - run a command and post its result to Slack through an incoming webhook.
import Foundation

var tail = 5
var dryRun = false
var command: [String] = []
var args = CommandLine.arguments.dropFirst().makeIterator()
while let a = args.next() {
    if a == "--" { while let rest = args.next() { command.append(rest) }; break }
    switch a {
    case "--tail": tail = Int(args.next() ?? "") ?? tail
    case "--dry-run": dryRun = true
    default: FileHandle.standardError.write("unknown option \(a)\n".data(using: .utf8)!); exit(2)
    }
}
guard !command.isEmpty else {
    print("usage: swift notify.swift [--tail N] [--dry-run] -- command [args...]")
    exit(2)
}

let env = ProcessInfo.processInfo.environment
let hook = env["SLACK_WEBHOOK_URL"] ?? ""
if !dryRun && !hook.hasPrefix("https://hooks.slack.com/") {
    print("SLACK_WEBHOOK_URL must be a Slack incoming-webhook URL (https://hooks.slack.com/...)")
    exit(2)
}

// Run the command, echoing its output live and keeping the last lines.
let proc = Process()
proc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
proc.arguments = command
let pipe = Pipe()
proc.standardOutput = pipe
proc.standardError = pipe
var lines: [String] = []
pipe.fileHandleForReading.readabilityHandler = { h in
    let data = h.availableData
    guard !data.isEmpty else { return }
    FileHandle.standardOutput.write(data)
    let chunk = String(decoding: data, as: UTF8.self)
    lines.append(contentsOf: chunk.split(separator: "\n", omittingEmptySubsequences: true).map(String.init))
    if lines.count > 200 { lines.removeFirst(lines.count - 200) }
}
let start = Date()
do { try proc.run() } catch { print("cannot run \(command[0]): \(error)"); exit(127) }
proc.waitUntilExit()
pipe.fileHandleForReading.readabilityHandler = nil

let secs = Int(Date().timeIntervalSince(start))
let duration = secs >= 3600 ? "\(secs / 3600)h \(secs % 3600 / 60)m" : secs >= 60 ? "\(secs / 60)m \(secs % 60)s" : "\(secs)s"
let ok = proc.terminationStatus == 0
let host = ProcessInfo.processInfo.hostName
var text = "\(ok ? "✅" : "❌") `\(command.joined(separator: " "))` on \(host): exit \(proc.terminationStatus) after \(duration)"
let last = lines.suffix(tail)
if !last.isEmpty { text += "\n```\n" + last.joined(separator: "\n") + "\n```" }

if dryRun {
    print("\n--- message ---\n\(text)")
    exit(proc.terminationStatus)
}

var req = URLRequest(url: URL(string: hook)!)
req.httpMethod = "POST"
req.timeoutInterval = 10
req.setValue("application/json", forHTTPHeaderField: "Content-Type")
req.httpBody = try? JSONSerialization.data(withJSONObject: ["text": text])
let sem = DispatchSemaphore(value: 0)
URLSession.shared.dataTask(with: req) { _, resp, err in
    let status = (resp as? HTTPURLResponse)?.statusCode ?? 0
    if status != 200 { FileHandle.standardError.write("Slack answered \(status) \(err?.localizedDescription ?? "")\n".data(using: .utf8)!) }
    sem.signal()
}.resume()
sem.wait()
exit(proc.terminationStatus)
